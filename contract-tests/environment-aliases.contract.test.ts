import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const envLink = (id: string) => ({ environment: { sys: { type: 'Link', linkType: 'Environment', id } } });
const today = () => `master-${new Date().toISOString().slice(0, 10)}`;

for (const kind of DB_KINDS) {
  describe(`${kind}: environment aliases`, () => {
    const api = useServer(kind);
    const f = environmentFixtures(api);
    const aliases = (spaceId: string) => `/spaces/${spaceId}/environment_aliases`;

    /** A space that has opted in: `master` targets the renamed original. */
    async function aliasedSpace() {
      const spaceId = await f.newSpace();
      const res = await api().put(`${aliases(spaceId)}/master`, envLink('master'));
      expect(res.status).toBe(201);
      return { spaceId, original: res.body.environment.sys.id as string };
    }

    it('has no aliases before opt-in and refuses any alias but master first, changing nothing', async () => {
      const spaceId = await f.newSpace();
      const empty = await api().get(aliases(spaceId));
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ sys: { type: 'Array' }, total: 0, items: [] });
      const early = await api().put(`${aliases(spaceId)}/staging`, envLink('master'));
      expect(early.status).toBe(400);
      expect(early.body.sys.id).toBe('BadRequest');
      expect(early.body.message).toMatch(/master alias first/);
      expect((await api().get(aliases(spaceId))).body.total).toBe(0);
      expect((await api().get(`/spaces/${spaceId}/environments/master`)).body.sys).toMatchObject({
        id: 'master',
        aliases: [],
      });
      expect((await api().tessera.storage.repos.spaces.find(spaceId))?.aliasesEnabled).toBe(false);
    });

    it('opting in renames master to master-YYYY-MM-DD and makes master an alias of it', async () => {
      const spaceId = await f.newSpace();
      const before = await f.localesOf(spaceId, 'master');
      const res = await api().put(`${aliases(spaceId)}/master`, envLink('master'));
      expect(res.status).toBe(201);
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${spaceId}/environment_aliases/master$`));
      expect(res.body).toMatchObject({
        sys: { type: 'EnvironmentAlias', id: 'master', version: 1, space: { sys: { linkType: 'Space', id: spaceId } } },
        environment: { sys: { type: 'Link', linkType: 'Environment', id: today() } },
      });
      expect(res.body.sys.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect((await api().tessera.storage.repos.spaces.find(spaceId))?.aliasesEnabled).toBe(true);

      const viaAlias = await api().get(`/spaces/${spaceId}/environments/master`);
      expect(viaAlias.status).toBe(200);
      expect(viaAlias.body.sys).toMatchObject({
        id: 'master',
        state: 'ready',
        aliasedEnvironment: { sys: { type: 'Link', linkType: 'Environment', id: today() } },
        aliases: [{ sys: { type: 'Link', linkType: 'EnvironmentAlias', id: 'master' } }],
      });
      const direct = await api().get(`/spaces/${spaceId}/environments/${today()}`);
      expect(direct.body.sys).toMatchObject({ id: today(), aliases: [{ sys: { id: 'master' } }] });
      expect(direct.body.sys.aliasedEnvironment).toBeUndefined();
      const list = await api().get(`/spaces/${spaceId}/environments`);
      expect(list.body.items.map((e: any) => e.sys.id)).toEqual([today()]);
      expect(await f.localesOf(spaceId, today())).toEqual(before);
      const one = await api().get(`${aliases(spaceId)}/master`);
      expect(one.body).toEqual(res.body);
    });

    it('appends -2 when master-YYYY-MM-DD is taken, and can point master at another environment', async () => {
      const spaceId = await f.newSpace();
      await f.readyEnvironment(spaceId, today());
      await f.readyEnvironment(spaceId, 'release-1');
      const res = await api().put(`${aliases(spaceId)}/master`, envLink('release-1'));
      expect(res.status).toBe(201);
      expect(res.body.environment.sys.id).toBe('release-1');
      const ids = (await api().get(`/spaces/${spaceId}/environments`, { query: { order: 'sys.id' } })).body.items.map(
        (e: any) => e.sys.id,
      );
      expect(ids).toEqual([today(), `${today()}-2`, 'release-1']);
      expect((await api().get(`/spaces/${spaceId}/environments/master`)).body.sys.aliasedEnvironment.sys.id).toBe(
        'release-1',
      );
    });

    it('a failed opt-in (unknown target) changes nothing', async () => {
      const spaceId = await f.newSpace();
      const res = await api().put(`${aliases(spaceId)}/master`, envLink('nowhere'));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        details: { errors: [{ name: 'notResolvable', path: ['environment'], value: 'nowhere' }] },
      });
      expect((await api().get(`/spaces/${spaceId}/environments/master`)).body.sys).toMatchObject({
        id: 'master',
        version: 1,
      });
      expect((await api().get(aliases(spaceId))).body.total).toBe(0);
      expect((await api().tessera.storage.repos.spaces.find(spaceId))?.aliasesEnabled).toBe(false);
    });

    it('creates up to two aliases besides master, retargets with the version and refuses stale or missing versions', async () => {
      const { spaceId, original } = await aliasedSpace();
      await f.readyEnvironment(spaceId, 'env-a', 'master');
      const dev = await api().put(`${aliases(spaceId)}/dev`, envLink(original));
      expect(dev.status).toBe(201);
      expect((await api().put(`${aliases(spaceId)}/qa`, envLink('env-a'))).status).toBe(201);
      const fourth = await api().put(`${aliases(spaceId)}/extra`, envLink('env-a'));
      expect(fourth.status).toBe(400);
      expect(fourth.body.message).toMatch(/at most 2 environment aliases besides master/);
      const list = await api().get(aliases(spaceId), { query: { order: 'sys.id' } });
      expect(list.body.items.map((a: any) => a.sys.id)).toEqual(['dev', 'master', 'qa']);
      expect((await api().get(aliases(spaceId), { query: { order: '-sys.createdAt', limit: 1 } })).body).toMatchObject({
        total: 3,
        items: [{ sys: { id: 'qa' } }],
      });

      const missing = await api().put(`${aliases(spaceId)}/dev`, envLink('env-a'));
      expect(missing.status).toBe(409);
      expect(missing.body.sys.id).toBe('VersionMismatch');
      const stale = await api().put(`${aliases(spaceId)}/dev`, envLink('env-a'), { headers: { [f.version()]: '3' } });
      expect(stale.status).toBe(409);
      expect((await api().get(`${aliases(spaceId)}/dev`)).body).toMatchObject({
        sys: { version: 1 },
        environment: { sys: { id: original } },
      });
      const moved = await api().put(`${aliases(spaceId)}/dev`, envLink('env-a'), { headers: { [f.version()]: '1' } });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ sys: { id: 'dev', version: 2 }, environment: { sys: { id: 'env-a' } } });
      const target = await api().get(`/spaces/${spaceId}/environments/env-a`);
      expect(target.body.sys.aliases.map((a: any) => a.sys.id).sort()).toEqual(['dev', 'qa']);
      const viaDev = await api().get(`/spaces/${spaceId}/environments/dev`);
      expect(viaDev.body.sys).toMatchObject({ id: 'dev', aliasedEnvironment: { sys: { id: 'env-a' } } });
    });

    it('an alias must target an existing, ready environment (not an alias)', async () => {
      const { spaceId } = await aliasedSpace();
      const unknown = await api().put(`${aliases(spaceId)}/dev`, envLink('nope'));
      expect(unknown.status).toBe(422);
      expect(unknown.body.details.errors[0]).toMatchObject({
        name: 'notResolvable',
        path: ['environment'],
        value: 'nope',
      });
      const anAlias = await api().put(`${aliases(spaceId)}/dev`, envLink('master'));
      expect(anAlias.status).toBe(422);
      await api().tessera.jobs.stop();
      try {
        expect((await api().put(`/spaces/${spaceId}/environments/slow`, { name: 'slow' })).body.sys.state).toBe(
          'queued',
        );
        const notReady = await api().put(`${aliases(spaceId)}/dev`, envLink('slow'));
        expect(notReady.status).toBe(422);
        expect(notReady.body.details.errors[0]).toMatchObject({
          name: 'notReady',
          path: ['environment'],
          value: 'slow',
        });
      } finally {
        api().tessera.jobs.start();
      }
      expect((await api().get(aliases(spaceId))).body.total).toBe(1);
      await f.waitForState(spaceId, 'slow', 'ready');
    });

    it('alias ids and environment ids never collide', async () => {
      const { spaceId, original } = await aliasedSpace();
      await f.readyEnvironment(spaceId, 'staging', 'master');
      const aliasLikeEnv = await api().put(`${aliases(spaceId)}/staging`, envLink(original));
      expect(aliasLikeEnv.status).toBe(422);
      expect(aliasLikeEnv.body.details.errors[0]).toMatchObject({ name: 'taken', value: 'staging' });
      expect((await api().put(`${aliases(spaceId)}/preview`, envLink('staging'))).status).toBe(201);
      const envLikeAlias = await api().put(`/spaces/${spaceId}/environments/preview`, { name: 'p' });
      expect(envLikeAlias.status).toBe(422);
      expect(envLikeAlias.body.details.errors[0]).toMatchObject({ name: 'taken', value: 'preview' });
      const envLikeMaster = await api().put(`/spaces/${spaceId}/environments/master`, { name: 'm' });
      expect(envLikeMaster.status).toBe(422);
      expect((await api().get(`/spaces/${spaceId}/environments`)).body.total).toBe(2);
    });

    it('copies from an alias id given as the source', async () => {
      const { spaceId, original } = await aliasedSpace();
      await f.readyEnvironment(spaceId, 'feature', 'master');
      expect(await f.localesOf(spaceId, 'feature')).toEqual(await f.localesOf(spaceId, original));
      await f.readyEnvironment(spaceId, 'other', 'feature');
      const extra = await f.insertLocale(spaceId, 'other', 'nl-NL');
      expect((await api().put(`${aliases(spaceId)}/next`, envLink('other'))).status).toBe(201);
      const copy = await api().post(
        `/spaces/${spaceId}/environments`,
        { name: 'from next' },
        { headers: { [f.source()]: 'next' } },
      );
      expect(copy.status).toBe(201);
      await f.waitForState(spaceId, copy.body.sys.id, 'ready');
      const copied = await f.localesOf(spaceId, copy.body.sys.id);
      expect(copied).toEqual(await f.localesOf(spaceId, 'other'));
      expect(copied.map((l) => l.id)).toContain(extra.id);
      const resolved = await api().tessera.services.resolveEnvironment(spaceId, 'next');
      expect(resolved).toMatchObject({ requestedId: 'next', aliasId: 'next', environment: { id: 'other' } });
    });

    it("an environment targeted by an alias cannot be deleted; aliases can (with API keys' references to them), except master", async () => {
      const { spaceId, original } = await aliasedSpace();
      await f.readyEnvironment(spaceId, 'target', 'master');
      expect((await api().put(`${aliases(spaceId)}/live`, envLink('target'))).status).toBe(201);
      const blocked = await api().delete(`/spaces/${spaceId}/environments/target`);
      expect(blocked.status).toBe(400);
      expect(blocked.body).toMatchObject({ sys: { id: 'BadRequest' }, details: { aliases: ['live'] } });
      expect((await api().delete(`/spaces/${spaceId}/environments/${original}`)).status).toBe(400);
      const throughAlias = await api().delete(`/spaces/${spaceId}/environments/master`);
      expect(throughAlias.status).toBe(400);
      expect(throughAlias.body.message).toMatch(/is an environment alias/);
      expect((await api().get(`/spaces/${spaceId}/environments/target`)).status).toBe(200);

      const master = await api().delete(`${aliases(spaceId)}/master`);
      expect(master.status).toBe(400);
      expect(master.body.message).toBe('The master alias cannot be deleted.');
      const { db } = api().tessera.database;
      await db
        .insertInto('api_keys')
        .values({
          space_id: spaceId,
          id: 'k1',
          name: 'key',
          description: null,
          access_token: `a-${spaceId}`,
          preview_key_id: 'p1',
          preview_access_token: `p-${spaceId}`,
          created_by: null,
          updated_by: null,
        } as never)
        .execute();
      await db
        .insertInto('api_key_environments')
        .values(
          ['master', 'live'].map((id, position) => ({
            space_id: spaceId,
            api_key_id: 'k1',
            environment_id: id,
            position,
          })),
        )
        .execute();
      const live = await api().delete(`${aliases(spaceId)}/live`);
      expect(live.status).toBe(204);
      const refs = await db
        .selectFrom('api_key_environments')
        .select('environment_id')
        .where('space_id', '=', spaceId)
        .execute();
      expect(refs).toEqual([{ environment_id: 'master' }]);
      expect((await api().get(`${aliases(spaceId)}/live`)).status).toBe(404);
      expect((await api().delete(`${aliases(spaceId)}/live`)).status).toBe(404);
      expect((await api().delete(`/spaces/${spaceId}/environments/target`)).status).toBe(204);
      expect((await api().get(aliases(spaceId))).body.items.map((a: any) => a.sys.id)).toEqual(['master']);
    });

    it('only space admins manage aliases; members read them', async () => {
      const { spaceId, original } = await aliasedSpace();
      expect((await api().put(`${aliases(spaceId)}/dev`, envLink(original))).status).toBe(201);
      const member = await f.otherUser(spaceId);
      for (const res of [
        await api().put(`${aliases(spaceId)}/other`, envLink(original), { token: member }),
        await api().put(`${aliases(spaceId)}/dev`, envLink(original), {
          token: member,
          headers: { [f.version()]: '1' },
        }),
        await api().delete(`${aliases(spaceId)}/dev`, { token: member }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.sys.id).toBe('AccessDenied');
      }
      const otherSpace = await f.newSpace();
      const memberElsewhere = await f.otherUser(otherSpace);
      expect(
        (await api().put(`${aliases(otherSpace)}/master`, envLink('master'), { token: memberElsewhere })).status,
      ).toBe(403);
      expect((await api().tessera.storage.repos.spaces.find(otherSpace))?.aliasesEnabled).toBe(false);
      expect((await api().get(aliases(spaceId), { token: member })).body.total).toBe(2);
      expect((await api().get(`${aliases(spaceId)}/dev`, { token: member })).body.sys.version).toBe(1);
      const stranger = await f.otherUser();
      expect((await api().get(aliases(spaceId), { token: stranger })).status).toBe(404);
      expect((await api().put(`${aliases(spaceId)}/x`, envLink(original), { token: stranger })).status).toBe(404);
    });

    it('refuses bad input on every alias operation and changes nothing', async () => {
      const { spaceId, original } = await aliasedSpace();
      const before = (await api().get(aliases(spaceId))).body;
      for (const body of [
        {},
        { environment: 'master' },
        { environment: { sys: { type: 'Link', linkType: 'Space', id: original } } },
        { environment: { sys: { type: 'Link', linkType: 'Environment' } } },
      ]) {
        const res = await api().put(`${aliases(spaceId)}/dev`, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.sys.id).toBe('ValidationFailed');
        expect(res.body.details.errors.length).toBeGreaterThan(0);
      }
      const badId = await api().put(`${aliases(spaceId)}/bad%20id`, envLink(original));
      expect(badId.status).toBe(400);
      expect(badId.body.message).toMatch(/alias_id/);
      const badVersion = await api().put(`${aliases(spaceId)}/master`, envLink(original), {
        headers: { [f.version()]: '-1' },
      });
      expect(badVersion.status).toBe(400);
      expect((await api().get(aliases(spaceId), { query: { order: 'name' } })).body.sys.id).toBe('InvalidQuery');
      expect((await api().get(aliases(spaceId), { query: { skip: -1 } })).status).toBe(400);
      const unknown = await api().get(`${aliases(spaceId)}/nope`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.details).toMatchObject({ type: 'EnvironmentAlias', id: 'nope' });
      expect((await api().get('/spaces/nope/environment_aliases')).status).toBe(404);
      expect((await api().get('/spaces/nope/environment_aliases/master')).status).toBe(404);
      expect((await api().put('/spaces/nope/environment_aliases/master', envLink('master'))).status).toBe(404);
      expect((await api().delete('/spaces/nope/environment_aliases/master')).status).toBe(404);
      for (const res of [
        await api().get(aliases(spaceId), { token: 'bad' }),
        await api().get(`${aliases(spaceId)}/master`, { token: 'bad' }),
        await api().put(`${aliases(spaceId)}/master`, envLink(original), { token: 'bad' }),
        await api().delete(`${aliases(spaceId)}/master`, { token: 'bad' }),
      ])
        expect(res.status).toBe(401);
      expect((await api().get(aliases(spaceId))).body).toEqual(before);
    });
  });
}
