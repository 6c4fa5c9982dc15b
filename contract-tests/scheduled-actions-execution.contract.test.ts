import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SCHEDULED_ACTION_JOB } from '../src/domain/scheduled-actions/scheduled-action-job.ts';
import { generateId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { NONE } from './support/member-fixtures.ts';

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const soon = (ms = 1500) => new Date(Date.now() + ms).toISOString();
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const body = (entity: { type: string; id: string }, datetime: string, action = 'publish') => ({
  entity: link(entity.type, entity.id),
  environment: link('Environment', 'master'),
  scheduledFor: { datetime },
  action,
});
const eq = (doc: string, value: string) => ({ equals: [{ doc }, value] });
const entriesOf = (type: string) => ({ and: [eq('sys.type', 'Entry'), eq('sys.contentType.sys.id', type)] });
const ROLES = {
  /** Reads every entry, publishes articles only. */
  publisher: {
    name: 'Article publisher',
    permissions: NONE,
    policies: [
      { effect: 'allow', actions: ['read'], constraint: eq('sys.type', 'Entry') },
      { effect: 'allow', actions: ['publish'], constraint: entriesOf('article') },
    ],
  },
  /** Reads articles, publishes nothing. */
  reader: {
    name: 'Article reader',
    permissions: NONE,
    policies: [{ effect: 'allow', actions: ['read'], constraint: entriesOf('article') }],
  },
};

for (const kind of DB_KINDS) {
  describe(`${kind}: scheduled actions, access and execution`, () => {
    const api = useServer(kind);
    const fx = contentFixtures(api);
    const env = { 'environment.sys.id': 'master' };

    const ok = (res: ApiResponse, status = 200) => {
      expect(res.status, res.text).toBe(status);
      return res.body;
    };

    async function setup() {
      const s = await fx.space('Running');
      await fx.contentType(s.id, 'article', [{ id: 'title', type: 'Symbol', required: true }]);
      await fx.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const entry = async (type = 'article', fields: object = { title: { 'en-US': 'Hello' } }) => {
        const res = await api().post(s.m('entries'), { fields }, fx.ctHeader(type));
        expect(res.status, res.text).toBe(201);
        return { type: 'Entry', id: res.body.sys.id as string, version: res.body.sys.version as number };
      };
      const actions = `/spaces/${s.id}/scheduled_actions`;
      const roleIds: Record<string, string> = {};
      for (const [name, role] of Object.entries(ROLES))
        roleIds[name] = ok(await api().post(`/spaces/${s.id}/roles`, role), 201).sys.id;
      return { s, entry, actions, roleIds };
    }

    /** A user whose only access to the space is a membership with `role`: their token, user id and membership id. */
    async function member(spaceId: string, roleId: string) {
      const { storage, database } = api().tessera;
      const userId = generateId();
      await storage.repos.identity.insertUser({
        id: userId,
        email: `${userId}@example.test`,
        firstName: 'M',
        lastName: null,
      });
      const token = `scheduling-${userId}`;
      await storage.repos.identity.insertToken({
        id: generateId(),
        userId,
        name: 'member',
        scopes: ['content_management_manage'],
        tokenHash: hashToken(token),
        expiresAt: null,
      });
      const membershipId = generateId();
      await database.db
        .insertInto('space_memberships' as never)
        .values({
          id: membershipId,
          space_id: spaceId,
          user_id: userId,
          admin: false,
          roles: JSON.stringify([link('Role', roleId)]),
        } as never)
        .execute();
      return { token, userId, membershipId };
    }

    /** Reads the action until it leaves `scheduled` and `inProgress` (at most 15 s). */
    async function ended(actions: string, id: string) {
      for (let i = 0; i < 150; i++) {
        const action = ok(await api().get(`${actions}/${id}`, { query: env }));
        if (!['scheduled', 'inProgress'].includes(action.sys.status)) return action;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`scheduled action ${id} did not end`);
    }

    it('publishes when due, as its creator, with the events of a manual publish; then unpublishes', async () => {
      const { s, entry, actions } = await setup();
      const e = await entry();
      const created = ok(await api().post(actions, body(e, soon())), 201);
      const done = await ended(actions, created.sys.id);
      expect(done.sys.status).toBe('succeeded');
      expect(done).not.toHaveProperty('error');
      const published = ok(await api().get(s.m(`entries/${e.id}`)));
      expect(published.sys.publishedVersion).toBe(e.version);
      expect(published.sys.publishedBy).toEqual(created.sys.createdBy);
      const { rows: events } = await sql<{ action: string; actor_id: string }>`
        select action, actor_id from content_events where entity_id = ${e.id}`.execute(fx.db());
      expect(events).toContainEqual({ action: 'publish', actor_id: created.sys.createdBy.sys.id });

      const unpublish = ok(await api().post(actions, body(e, soon(), 'unpublish')), 201);
      expect((await ended(actions, unpublish.sys.id)).sys.status).toBe('succeeded');
      expect(ok(await api().get(s.m(`entries/${e.id}`))).sys.publishedVersion).toBeUndefined();
    });

    it('fails with the error the API would answer: an invalid entry, a creator who lost publish access', async () => {
      const { s, entry, actions, roleIds } = await setup();
      const invalid = await entry('article', {});
      const failed = await ended(actions, ok(await api().post(actions, body(invalid, soon())), 201).sys.id);
      expect(failed.sys.status).toBe('failed');
      expect(failed.error).toMatchObject({
        sys: { type: 'Error', id: 'ValidationFailed' },
        details: { errors: expect.any(Array) },
      });
      expect(ok(await api().get(s.m(`entries/${invalid.id}`))).sys.publishedVersion).toBeUndefined();

      const publisher = await member(s.id, roleIds.publisher!);
      const e = await entry();
      const created = ok(await api().post(actions, body(e, soon(2000)), { token: publisher.token }), 201);
      // The creator loses the right before the action runs: it runs with their rights as they are then.
      await sql`update space_memberships set roles = ${JSON.stringify([link('Role', roleIds.reader!)])}::jsonb
        where id = ${publisher.membershipId}`.execute(fx.db());
      api().tessera.cache?.clear();
      const refused = await ended(actions, created.sys.id);
      expect(refused.sys.status).toBe('failed');
      expect(refused.error.sys).toEqual({ type: 'Error', id: 'AccessDenied' });
      expect(ok(await api().get(s.m(`entries/${e.id}`))).sys.publishedVersion).toBeUndefined();
    });

    it('never runs a canceled action, and runs an updated one at its new time only', async () => {
      const { s, entry, actions } = await setup();
      const [kept, moved] = [await entry(), await entry()];
      const canceled = ok(await api().post(actions, body(kept, soon(2000))), 201);
      ok(await api().delete(`${actions}/${canceled.sys.id}`, { query: env }));
      const first = ok(await api().post(actions, body(moved, soon(2000))), 201);
      const later = soon(3500);
      ok(await api().put(`${actions}/${first.sys.id}`, body(moved, later), { query: env, ...fx.version(1) }));
      const done = await ended(actions, first.sys.id);
      expect(done.sys).toMatchObject({ status: 'succeeded', version: 2 });
      const published = ok(await api().get(s.m(`entries/${moved.id}`)));
      expect(Date.parse(published.sys.publishedAt)).toBeGreaterThanOrEqual(Date.parse(later));
      expect(ok(await api().get(`${actions}/${canceled.sys.id}`, { query: env })).sys.status).toBe('canceled');
      expect(ok(await api().get(s.m(`entries/${kept.id}`))).sys.publishedVersion).toBeUndefined();
      const { rows: runs } = await sql`
        select id from content_events where entity_id = ${moved.id} and action = 'publish'`.execute(fx.db());
      expect(runs).toHaveLength(1);
    });

    it('re-runs an execution a crash left in progress once, and a second run of its job writes nothing', async () => {
      const { s, entry, actions } = await setup();
      const e = await entry();
      const created = ok(await api().post(actions, body(e, inHours(1))), 201);
      const { storage } = api().tessera;
      // As a process that died after `scheduled` -> `inProgress` left it: its job is claimed again.
      await fx
        .db()
        .updateTable('scheduled_actions')
        .set({ status: 'inProgress' })
        .where('id', '=', created.sys.id)
        .execute();
      const payload = { spaceId: s.id, id: created.sys.id, version: 1 };
      await storage.repos.jobs.enqueue(SCHEDULED_ACTION_JOB, payload);
      expect((await ended(actions, created.sys.id)).sys.status).toBe('succeeded');
      await storage.repos.jobs.enqueue(SCHEDULED_ACTION_JOB, payload);
      await storage.repos.jobs.enqueue(SCHEDULED_ACTION_JOB, payload);
      for (let i = 0; i < 100; i++) {
        const queued = await fx
          .db()
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', SCHEDULED_ACTION_JOB)
          .where('status', 'in', ['queued', 'running'])
          .where('run_at', '<=', new Date().toISOString())
          .execute();
        if (queued.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const published = ok(await api().get(s.m(`entries/${e.id}`)));
      expect(published.sys.publishedCounter).toBe(1);
      expect(ok(await api().get(`${actions}/${created.sys.id}`, { query: env })).sys.status).toBe('succeeded');
    });

    it('decides on the entity: publish access to create, update and cancel; reading follows read access', async () => {
      const { s, entry, actions, roleIds } = await setup();
      const publisher = await member(s.id, roleIds.publisher!);
      const reader = await member(s.id, roleIds.reader!);
      const [article, post] = [await entry(), await entry('post')];
      const mine = ok(await api().post(actions, body(article, inHours(1)), { token: publisher.token }), 201);
      const denied = await api().post(actions, body(post, inHours(1)), { token: publisher.token });
      expect(denied.status).toBe(403);
      expect(denied.body.sys.id).toBe('AccessDenied');
      const byReader = await api().post(actions, body(article, inHours(1)), { token: reader.token });
      expect(byReader.status).toBe(403);
      const onPost = ok(await api().post(actions, body(post, inHours(2))), 201);

      const seen = (token: string) =>
        api()
          .get(actions, { query: env, token })
          .then((res) => ok(res).items.map((i: any) => i.sys.id));
      expect(await seen(reader.token)).toEqual([mine.sys.id]);
      expect((await seen(publisher.token)).sort()).toEqual([mine.sys.id, onPost.sys.id].sort());
      expect((await api().get(`${actions}/${onPost.sys.id}`, { query: env, token: reader.token })).status).toBe(404);
      ok(await api().get(`${actions}/${mine.sys.id}`, { query: env, token: reader.token }));
      expect((await api().delete(`${actions}/${mine.sys.id}`, { query: env, token: reader.token })).status).toBe(403);
      expect((await api().delete(`${actions}/${onPost.sys.id}`, { query: env, token: publisher.token })).status).toBe(
        403,
      );
      const update = await api().put(`${actions}/${mine.sys.id}`, body(post, inHours(3)), {
        query: env,
        token: publisher.token,
        ...fx.version(1),
      });
      expect(update.status).toBe(403);
      ok(await api().delete(`${actions}/${mine.sys.id}`, { query: env, token: publisher.token }));
    });
  });
}
