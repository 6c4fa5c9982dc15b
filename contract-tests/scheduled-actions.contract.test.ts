import { describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';

const HOUR = 3_600_000;
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

/** A create body for an entry of master at `datetime`. */
const body = (entryId: string, datetime: string, action = 'publish', environment = 'master') => ({
  entity: link('Entry', entryId),
  environment: link('Environment', environment),
  scheduledFor: { datetime, timezone: 'Europe/Berlin' },
  action,
});

for (const kind of DB_KINDS) {
  describe(`${kind}: scheduled actions`, () => {
    const api = useServer(kind);
    const fx = contentFixtures(api);

    async function setup() {
      const s = await fx.space('Scheduling');
      await fx.contentType(s.id, 'article', [{ id: 'title', type: 'Symbol' }]);
      const entry = async (title = 'Hello') => {
        const res = await api().post(s.m('entries'), { fields: { title: { 'en-US': title } } }, fx.ctHeader('article'));
        expect(res.status, res.text).toBe(201);
        return res.body.sys.id as string;
      };
      const actions = `/spaces/${s.id}/scheduled_actions`;
      const env = { 'environment.sys.id': 'master' };
      return { s, entry, actions, env };
    }
    const ok = (res: ApiResponse, status = 200) => {
      expect(res.status, res.text).toBe(status);
      return res.body;
    };

    it('creates (201, server id, version 1), gets, updates with the version header, cancels once', async () => {
      const { s, entry, actions, env } = await setup();
      const id = await entry();
      const when = inHours(2);
      const created = ok(await api().post(actions, body(id, when)), 201);
      expect(created).toEqual({
        entity: link('Entry', id),
        environment: link('Environment', 'master'),
        scheduledFor: { datetime: when, timezone: 'Europe/Berlin' },
        action: 'publish',
        sys: {
          type: 'ScheduledAction',
          id: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
          status: 'scheduled',
          version: 1,
          space: link('Space', s.id),
          createdBy: expect.objectContaining({ sys: expect.objectContaining({ linkType: 'User' }) }),
          createdAt: expect.any(String),
          updatedBy: expect.any(Object),
          updatedAt: expect.any(String),
        },
      });
      const path = `${actions}/${created.sys.id}`;
      expect(ok(await api().get(path, { query: env }))).toEqual(created);

      const later = inHours(3);
      expect((await api().put(path, body(id, later), { query: env })).status).toBe(409);
      expect((await api().put(path, body(id, later), { query: env, ...fx.version(7) })).status).toBe(409);
      const updated = ok(await api().put(path, body(id, later, 'unpublish'), { query: env, ...fx.version(1) }));
      expect(updated).toMatchObject({ action: 'unpublish', scheduledFor: { datetime: later }, sys: { version: 2 } });

      const canceled = ok(await api().delete(path, { query: env }));
      expect(canceled.sys).toMatchObject({ status: 'canceled', version: 3, canceledAt: expect.any(String) });
      expect(canceled.sys.canceledBy).toEqual(canceled.sys.updatedBy);
      const again = await api().delete(path, { query: env });
      expect(again.status).toBe(400);
      expect(again.body.sys.id).toBe('BadRequest');
      expect((await api().put(path, body(id, inHours(4)), { query: env, ...fx.version(3) })).status).toBe(400);
      expect(ok(await api().get(path, { query: env })).sys.version).toBe(3);
      expect((await api().get(path, { query: { 'environment.sys.id': 'nope' } })).status).toBe(404);
      expect((await api().get(`${actions}/missing`, { query: env })).status).toBe(404);
    });

    it('refuses bad input with the spec table status and changes nothing', async () => {
      const { entry, actions, env } = await setup();
      const id = await entry();
      const refused = async (b: unknown, status: number, errorId: string, path?: string[]) => {
        const res = await api().post(actions, b);
        expect(res.status, res.text).toBe(status);
        expect(res.body.sys.id).toBe(errorId);
        if (path) expect(res.body.details.errors.map((e: any) => e.path)).toContainEqual(path);
      };
      await refused(body(id, inHours(1), 'publish', 'staging'), 400, 'BadRequest');
      await refused(body(id, new Date(Date.now() - 60_000).toISOString()), 422, 'ValidationFailed', [
        'scheduledFor',
        'datetime',
      ]);
      await refused(body(id, 'next tuesday'), 422, 'ValidationFailed', ['scheduledFor', 'datetime']);
      await refused(body(id, '2099-01-01T10:00:00'), 422, 'ValidationFailed', ['scheduledFor', 'datetime']);
      await refused(
        { ...body(id, inHours(1)), scheduledFor: { datetime: inHours(1), timezone: 'Mars/Olympus' } },
        422,
        'ValidationFailed',
        ['scheduledFor', 'timezone'],
      );
      await refused(body(id, inHours(1), 'archive'), 422, 'ValidationFailed');
      await refused({ ...body(id, inHours(1)), entity: link('Release', id) }, 422, 'ValidationFailed');
      await refused({ environment: link('Environment', 'master') }, 422, 'ValidationFailed');
      // An entity that does not exist is an unresolvable link of the body: 422 naming `entity` (not a 404 of the path).
      await refused(body('no-such-entry', inHours(1)), 422, 'ValidationFailed', ['entity']);
      expect(ok(await api().get(actions, { query: env })).items).toEqual([]);
    });

    it('refuses the 201st pending action of an environment (400) and counts only pending ones', async () => {
      const { s, entry, actions, env } = await setup();
      const id = await entry();
      const rows = Array.from({ length: 200 }, (_, i) => ({
        space_id: s.id,
        environment_id: 'master',
        id: generateId(),
        entity_type: 'Entry',
        entity_id: id,
        action: 'publish',
        scheduled_for: inHours(10 + i),
        created_by: 'someone',
        updated_by: 'someone',
        status: i === 0 ? 'inProgress' : 'scheduled',
      }));
      await fx
        .db()
        .insertInto('scheduled_actions')
        .values(rows as never)
        .execute();
      const full = await api().post(actions, body(id, inHours(1)));
      expect(full.status, full.text).toBe(400);
      expect(full.body.message).toMatch(/200 pending/);
      const count = async () =>
        Number(
          (
            await fx
              .db()
              .selectFrom('scheduled_actions')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('space_id', '=', s.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(200);
      const last = rows[199]!;
      ok(await api().delete(`${actions}/${last.id}`, { query: env }));
      ok(await api().post(actions, body(id, inHours(1))), 201);
      expect((await api().post(actions, body(id, inHours(1)))).status).toBe(400);
    });

    it('lists one environment with filters, both orders and cursor pages (next, then prev)', async () => {
      const { entry, actions, env } = await setup();
      const [a, b] = [await entry('A'), await entry('B')];
      const made: any[] = [];
      for (let i = 0; i < 5; i++) made.push(ok(await api().post(actions, body(i % 2 ? b : a, inHours(5 - i))), 201));
      const canceled = made[4];
      ok(await api().delete(`${actions}/${canceled.sys.id}`, { query: env }));
      const ids = (res: ApiResponse) => ok(res).items.map((i: any) => i.sys.id);
      const byTime = [...made].sort((x, y) => x.scheduledFor.datetime.localeCompare(y.scheduledFor.datetime));
      const list = ok(await api().get(actions, { query: env }));
      expect(list).toMatchObject({ sys: { type: 'Array' }, limit: 100, pages: {} });
      expect(list).not.toHaveProperty('total');
      expect(list.items.map((i: any) => i.sys.id)).toEqual(byTime.map((m) => m.sys.id));
      expect(ids(await api().get(actions, { query: { ...env, order: '-scheduledFor.datetime' } }))).toEqual(
        byTime.map((m) => m.sys.id).reverse(),
      );
      expect(ids(await api().get(actions, { query: { ...env, 'sys.status': 'canceled' } }))).toEqual([canceled.sys.id]);
      expect(ids(await api().get(actions, { query: { ...env, 'sys.status[in]': 'scheduled,failed' } }))).toHaveLength(
        4,
      );
      expect(ids(await api().get(actions, { query: { ...env, 'entity.sys.id': b } })).sort()).toEqual(
        [made[1].sys.id, made[3].sys.id].sort(),
      );
      const third = byTime[2].scheduledFor.datetime;
      expect(ids(await api().get(actions, { query: { ...env, 'scheduledFor.datetime': third } }))).toEqual([
        byTime[2].sys.id,
      ]);
      expect(ids(await api().get(actions, { query: { ...env, 'scheduledFor.datetime[gte]': third } }))).toHaveLength(3);
      expect(ids(await api().get(actions, { query: { ...env, 'scheduledFor.datetime[gt]': third } }))).toHaveLength(2);
      expect(ids(await api().get(actions, { query: { ...env, 'scheduledFor.datetime[lt]': third } }))).toHaveLength(2);
      expect(ids(await api().get(actions, { query: { ...env, 'scheduledFor.datetime[lte]': third } }))).toHaveLength(3);

      const first = ok(await api().get(actions, { query: { ...env, limit: 2 } }));
      expect(first.items.map((i: any) => i.sys.id)).toEqual(byTime.slice(0, 2).map((m) => m.sys.id));
      expect(first.pages.prev).toBeUndefined();
      expect(first.pages.next).toMatch(/^\/spaces\/.+\/scheduled_actions\?.*next=/);
      const second = ok(await api().get(first.pages.next));
      expect(second.items.map((i: any) => i.sys.id)).toEqual(byTime.slice(2, 4).map((m) => m.sys.id));
      expect(second.pages.prev).toBeDefined();
      const third3 = ok(await api().get(second.pages.next));
      expect(third3.items.map((i: any) => i.sys.id)).toEqual([byTime[4].sys.id]);
      expect(third3.pages.next).toBeUndefined();
      const back = ok(await api().get(third3.pages.prev));
      expect(back.items.map((i: any) => i.sys.id)).toEqual(byTime.slice(2, 4).map((m) => m.sys.id));
      const start = ok(await api().get(back.pages.prev));
      expect(start.items.map((i: any) => i.sys.id)).toEqual(byTime.slice(0, 2).map((m) => m.sys.id));
      expect(start.pages.prev).toBeUndefined();
      expect(start.pages.next).toBeDefined();

      for (const query of [
        {},
        { ...env, 'sys.status': 'pending' },
        { ...env, bogus: '1' },
        { ...env, next: 'xx' },
        { ...env, order: 'sys.createdAt' },
        { ...env, 'scheduledFor.datetime[gt]': 'soon' },
      ]) {
        const res = await api().get(actions, { query });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.sys.id).toBe('InvalidQuery');
      }
      expect((await api().get(actions, { query: { ...env, limit: 1001 } })).status).toBe(400);
      expect((await api().get(actions, { query: { 'environment.sys.id': 'nope' } })).status).toBe(404);
    });
  });
}
