import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const SECONDS_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

for (const kind of DB_KINDS) {
  describe(`${kind}: environments`, () => {
    const api = useServer(kind);
    const f = environmentFixtures(api);

    it('every space has a ready master environment in the documented shape', async () => {
      const spaceId = await f.newSpace();
      const res = await api().get(`/spaces/${spaceId}/environments/master`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'master',
        sys: {
          type: 'Environment',
          id: 'master',
          version: 1,
          state: 'ready',
          aliases: [],
          space: { sys: { type: 'Link', linkType: 'Space', id: spaceId } },
          status: { sys: { type: 'Link', linkType: 'Status', id: 'ready' } },
          createdBy: { sys: { type: 'Link', linkType: 'User' } },
        },
      });
      expect(res.body.sys.createdAt).toMatch(SECONDS_ISO);
      expect(res.body.sys.updatedAt).toMatch(SECONDS_ISO);
      expect(res.body.sys.aliasedEnvironment).toBeUndefined();
    });

    it('POST answers 201 queued at once, copies master in the background, and ends ready', async () => {
      const spaceId = await f.newSpace();
      const extra = await f.insertLocale(spaceId, 'master', 'fr-FR');
      const created = await api().post(`/spaces/${spaceId}/environments`, { name: 'Staging' });
      expect(created.status).toBe(201);
      expect(created.body.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(created.body).toMatchObject({
        name: 'Staging',
        sys: { state: 'queued', status: { sys: { id: 'queued' } }, version: 1 },
      });
      expect(created.headers.get('location')).toMatch(
        new RegExp(`/spaces/${spaceId}/environments/${created.body.sys.id}$`),
      );
      const ready = await f.waitForState(spaceId, created.body.sys.id, 'ready');
      expect(ready.sys.status.sys.id).toBe('ready');
      const copied = await f.localesOf(spaceId, created.body.sys.id);
      expect(copied).toEqual(await f.localesOf(spaceId, 'master'));
      expect(copied.map((l) => l.code).sort()).toEqual(['en-US', 'fr-FR']);
      expect(copied.find((l) => l.code === 'fr-FR')).toMatchObject({ id: extra.id, created_at: extra.createdAt });
    });

    it('PUT creates with the chosen id, renames with the current version, and refuses stale or missing versions', async () => {
      const spaceId = await f.newSpace();
      const path = `/spaces/${spaceId}/environments/feature-1.x_y`;
      const created = await api().put(path, { name: 'Feature' });
      expect(created.status).toBe(201);
      expect(created.body.sys).toMatchObject({ id: 'feature-1.x_y', state: 'queued', version: 1 });
      await f.waitForState(spaceId, 'feature-1.x_y', 'ready');

      const missing = await api().put(path, { name: 'Renamed' });
      expect(missing.status).toBe(409);
      expect(missing.body.sys.id).toBe('VersionMismatch');
      const stale = await api().put(path, { name: 'Renamed' }, { headers: { [f.version()]: '9' } });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ sys: { id: 'VersionMismatch' }, details: { expected: 1, provided: 9 } });
      expect((await api().get(path)).body).toMatchObject({ name: 'Feature', sys: { version: 1 } });

      const renamed = await api().put(path, { name: 'Renamed' }, { headers: { [f.version()]: '1' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Renamed', sys: { id: 'feature-1.x_y', version: 2, state: 'ready' } });
      expect((await api().get(path)).body).toEqual(renamed.body);
    });

    it('copies from the environment named in the source header', async () => {
      const spaceId = await f.newSpace();
      await f.readyEnvironment(spaceId, 'base');
      const only = await f.insertLocale(spaceId, 'base', 'it-IT');
      await f.readyEnvironment(spaceId, 'child', 'base');
      const child = await f.localesOf(spaceId, 'child');
      expect(child).toEqual(await f.localesOf(spaceId, 'base'));
      expect(child.map((l) => l.id)).toContain(only.id);
      expect((await f.localesOf(spaceId, 'master')).map((l) => l.id)).not.toContain(only.id);
    });

    it('refuses a source that does not exist or is not ready with 404 naming it, and creates nothing', async () => {
      const spaceId = await f.newSpace();
      const missing = await api().post(
        `/spaces/${spaceId}/environments`,
        { name: 'x' },
        { headers: { [f.source()]: 'nope' } },
      );
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Environment', id: 'nope', space: spaceId },
      });
      expect(missing.body.message).toContain('"nope"');

      await api().tessera.jobs.stop();
      try {
        expect((await api().put(`/spaces/${spaceId}/environments/pending`, { name: 'p' })).body.sys.state).toBe(
          'queued',
        );
        const notReady = await api().put(
          `/spaces/${spaceId}/environments/second`,
          { name: 's' },
          { headers: { [f.source()]: 'pending' } },
        );
        expect(notReady.status).toBe(404);
        expect(notReady.body.details).toMatchObject({ type: 'Environment', id: 'pending' });
      } finally {
        api().tessera.jobs.start();
      }
      await f.waitForState(spaceId, 'pending', 'ready');
      const list = await api().get(`/spaces/${spaceId}/environments`);
      expect(list.body.items.map((e: any) => e.sys.id).sort()).toEqual(['master', 'pending']);
    });

    it('an environment that is not ready yet is shown with its state but is not found on content paths', async () => {
      const spaceId = await f.newSpace();
      await api().tessera.jobs.stop();
      try {
        await api().put(`/spaces/${spaceId}/environments/later`, { name: 'later' });
        const shown = await api().get(`/spaces/${spaceId}/environments/later`);
        expect(shown.body.sys).toMatchObject({ state: 'queued', status: { sys: { id: 'queued' } } });
        await expect(api().tessera.services.resolveEnvironment(spaceId, 'later')).rejects.toMatchObject({
          id: 'NotFound',
        });
      } finally {
        api().tessera.jobs.start();
      }
      await f.waitForState(spaceId, 'later', 'ready');
      const resolved = await api().tessera.services.resolveEnvironment(spaceId, 'later');
      expect(resolved.environment.status).toBe('ready');
    });

    it('a copy whose source is deleted before the job runs ends failed', async () => {
      const spaceId = await f.newSpace();
      await f.readyEnvironment(spaceId, 'doomed-source');
      await api().tessera.jobs.stop();
      try {
        const created = await api().put(
          `/spaces/${spaceId}/environments/orphan`,
          { name: 'orphan' },
          { headers: { [f.source()]: 'doomed-source' } },
        );
        expect(created.status).toBe(201);
        expect((await api().delete(`/spaces/${spaceId}/environments/doomed-source`)).status).toBe(204);
      } finally {
        api().tessera.jobs.start();
      }
      const failed = await f.waitForState(spaceId, 'orphan', 'failed');
      expect(failed.sys.status.sys.id).toBe('failed');
      expect(await f.localesOf(spaceId, 'orphan')).toEqual([]);
      const job = await api()
        .tessera.database.db.selectFrom('jobs')
        .select(['status', 'last_error'])
        .where('kind', '=', 'environment.clone')
        .where('payload', '@>', JSON.stringify({ spaceId, environmentId: 'orphan' }) as never)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'failed', last_error: expect.stringContaining('doomed-source') });
      await expect(api().tessera.services.resolveEnvironment(spaceId, 'orphan')).rejects.toMatchObject({
        id: 'NotFound',
      });
      expect((await api().delete(`/spaces/${spaceId}/environments/orphan`)).status).toBe(204);
    });

    it('master cannot be renamed or deleted', async () => {
      const spaceId = await f.newSpace();
      const rename = await api().put(
        `/spaces/${spaceId}/environments/master`,
        { name: 'main' },
        { headers: { [f.version()]: '1' } },
      );
      expect(rename.status).toBe(400);
      expect(rename.body).toMatchObject({
        sys: { id: 'BadRequest' },
        message: 'The master environment cannot be renamed.',
      });
      const del = await api().delete(`/spaces/${spaceId}/environments/master`);
      expect(del.status).toBe(400);
      expect(del.body).toMatchObject({
        sys: { id: 'BadRequest' },
        message: 'The master environment cannot be deleted.',
      });
      expect((await api().get(`/spaces/${spaceId}/environments/master`)).body).toMatchObject({
        name: 'master',
        sys: { version: 1, state: 'ready' },
      });
    });

    it("deletes an environment with everything in it and the API keys' references to it", async () => {
      const spaceId = await f.newSpace();
      await f.readyEnvironment(spaceId, 'gone');
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
        .values([
          { space_id: spaceId, api_key_id: 'k1', environment_id: 'master', position: 0 },
          { space_id: spaceId, api_key_id: 'k1', environment_id: 'gone', position: 1 },
        ])
        .execute();
      expect((await f.localesOf(spaceId, 'gone')).length).toBe(1);

      const res = await api().delete(`/spaces/${spaceId}/environments/gone`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api().get(`/spaces/${spaceId}/environments/gone`)).status).toBe(404);
      expect(await f.localesOf(spaceId, 'gone')).toEqual([]);
      const refs = await db
        .selectFrom('api_key_environments')
        .select('environment_id')
        .where('space_id', '=', spaceId)
        .execute();
      expect(refs).toEqual([{ environment_id: 'master' }]);
      const again = await api().delete(`/spaces/${spaceId}/environments/gone`);
      expect(again.status).toBe(404);
      expect(again.body.details).toMatchObject({ type: 'Environment', id: 'gone' });
    });

    it('lists environments with skip, limit and order; the default order is sys.createdAt,sys.id', async () => {
      const spaceId = await f.newSpace();
      await f.readyEnvironment(spaceId, 'b-env');
      await f.readyEnvironment(spaceId, 'a-env');
      const all = await api().get(`/spaces/${spaceId}/environments`);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 0, limit: 100 });
      expect(all.body.items.map((e: any) => e.sys.id)).toEqual(['master', 'b-env', 'a-env']);
      const byId = await api().get(`/spaces/${spaceId}/environments`, { query: { order: '-sys.id', limit: 2 } });
      expect(byId.body).toMatchObject({ total: 3, limit: 2 });
      expect(byId.body.items.map((e: any) => e.sys.id)).toEqual(['master', 'b-env']);
      const byName = await api().get(`/spaces/${spaceId}/environments`, { query: { order: 'name', skip: 1 } });
      expect(byName.body.items.map((e: any) => e.name)).toEqual(['b-env', 'master']);
      const updated = await api().get(`/spaces/${spaceId}/environments`, {
        query: { order: '-sys.updatedAt,sys.createdAt' },
      });
      expect(updated.body.items).toHaveLength(3);
      expect((await api().get(`/spaces/${spaceId}/environments`, { query: { skip: 50 } })).body).toMatchObject({
        skip: 50,
        total: 3,
        items: [],
      });
    });

    it('only space admins create, rename or delete; members read; strangers find nothing', async () => {
      const spaceId = await f.newSpace();
      await f.readyEnvironment(spaceId, 'shared');
      const member = await f.otherUser(spaceId);
      const stranger = await f.otherUser();
      const denied = [
        await api().post(`/spaces/${spaceId}/environments`, { name: 'x' }, { token: member }),
        await api().put(`/spaces/${spaceId}/environments/new-one`, { name: 'x' }, { token: member }),
        await api().put(
          `/spaces/${spaceId}/environments/shared`,
          { name: 'x' },
          { token: member, headers: { [f.version()]: '1' } },
        ),
        await api().delete(`/spaces/${spaceId}/environments/shared`, { token: member }),
      ];
      for (const res of denied) {
        expect(res.status).toBe(403);
        expect(res.body.sys.id).toBe('AccessDenied');
      }
      expect((await api().get(`/spaces/${spaceId}/environments`, { token: member })).body.total).toBe(2);
      expect((await api().get(`/spaces/${spaceId}/environments/shared`, { token: member })).body).toMatchObject({
        name: 'shared',
        sys: { version: 1 },
      });
      expect((await api().get(`/spaces/${spaceId}/environments`, { token: stranger })).status).toBe(404);
      expect((await api().get(`/spaces/${spaceId}/environments/shared`, { token: stranger })).status).toBe(404);
      expect((await api().post(`/spaces/${spaceId}/environments`, { name: 'x' }, { token: stranger })).status).toBe(
        404,
      );
    });

    it('refuses bad input on every environment operation and changes nothing', async () => {
      const spaceId = await f.newSpace();
      const envs = `/spaces/${spaceId}/environments`;
      const before = (await api().get(envs)).body;

      const noName = await api().post(envs, {});
      expect(noName.status).toBe(422);
      expect(noName.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        details: { errors: [expect.objectContaining({ details: expect.stringContaining('name') })] },
      });
      expect((await api().post(envs, { name: '' })).status).toBe(422);
      expect((await api().post(envs, { name: 'x'.repeat(256) })).status).toBe(422);
      const badJson = await api().request('POST', envs, {
        rawBody: '{"name":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(badJson.status).toBe(400);
      expect(badJson.body.message).toMatch(/Invalid JSON/);

      const badId = await api().put(`${envs}/bad%20id!`, { name: 'x' });
      expect(badId.status).toBe(400);
      expect(badId.body.message).toMatch(/environment_id/);
      const longId = await api().put(`${envs}/${'a'.repeat(65)}`, { name: 'x' });
      expect(longId.status).toBe(400);
      const badVersion = await api().put(`${envs}/master`, { name: 'x' }, { headers: { [f.version()]: 'abc' } });
      expect(badVersion.status).toBe(400);
      expect(badVersion.body.sys.id).toBe('BadRequest');
      expect((await api().put(`${envs}/fresh`, { title: 'x' })).status).toBe(422);

      const badOrder = await api().get(envs, { query: { order: 'sys.version' } });
      expect(badOrder.status).toBe(400);
      expect(badOrder.body.sys.id).toBe('InvalidQuery');
      expect((await api().get(envs, { query: { limit: 1001 } })).body.sys.id).toBe('InvalidQuery');

      const unknown = await api().get(`${envs}/nope`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Environment', id: 'nope', space: spaceId },
      });
      expect((await api().get('/spaces/nope/environments')).status).toBe(404);
      expect((await api().post('/spaces/nope/environments', { name: 'x' })).status).toBe(404);
      expect((await api().put('/spaces/nope/environments/x', { name: 'x' })).status).toBe(404);
      expect((await api().delete('/spaces/nope/environments/x')).status).toBe(404);

      for (const res of [
        await api().get(envs, { token: 'bad' }),
        await api().post(envs, { name: 'x' }, { token: 'bad' }),
        await api().put(`${envs}/x`, { name: 'x' }, { token: 'bad' }),
        await api().get(`${envs}/master`, { token: 'bad' }),
        await api().delete(`${envs}/master`, { token: 'bad' }),
      ])
        expect(res.status).toBe(401);

      expect((await api().get(envs)).body).toEqual(before);
    });
  });
}
