import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: entry snapshots`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const envs = environmentFixtures(api);

    async function publishedTwice(base: string) {
      const id = (await api().post(base, { fields: { title: { 'en-US': 'first' } } }, f.ctHeader('post'))).body.sys.id;
      const at = `${base}/${id}`;
      const first = (await api().put(`${at}/published`, undefined, f.version(1))).body;
      await api().put(at, { fields: { title: { 'en-US': 'second' } } }, f.version(2));
      const second = (await api().put(`${at}/published`, undefined, f.version(3))).body;
      await api().put(at, { fields: { title: { 'en-US': 'draft only' } } }, f.version(4));
      return { id, at, first, second };
    }

    it('records a snapshot at each publish in master: list (newest first) and get, on both paths', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const { id, at, first, second } = await publishedTwice(s.m('entries'));
      const list = await api().get(`${at}/snapshots`);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ sys: { type: 'Array' }, total: 2, skip: 0, limit: 100 });
      const [newest, oldest] = list.body.items;
      expect(newest).toMatchObject({
        sys: {
          type: 'Snapshot',
          snapshotType: 'publish',
          snapshotEntityType: 'Entry',
          space: { sys: { id: s.id } },
          environment: { sys: { id: 'master' } },
          createdBy: { sys: { linkType: 'User' } },
        },
        snapshot: { fields: { title: { 'en-US': 'second' } }, metadata: { tags: [] } },
      });
      expect(newest.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(newest.snapshot).toEqual(second);
      expect(oldest.snapshot).toEqual(first);
      expect(oldest.snapshot.sys).toMatchObject({ id, version: 2, publishedVersion: 1 });

      const one = await api().get(`${s.e('master', 'entries')}/${id}/snapshots/${oldest.sys.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(oldest);
      const paged = await api().get(`${s.e('master', 'entries')}/${id}/snapshots`, { query: { skip: 1, limit: 1 } });
      expect(paged.body).toMatchObject({ total: 2, skip: 1, limit: 1, items: [oldest] });

      expect((await api().get(`${at}/snapshots/nope`)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Snapshot', id: 'nope' },
      });
      expect((await api().get(`${s.m('entries')}/unknown/snapshots`)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Entry' },
      });
      expect((await api().get(`${at}/snapshots`, { query: { limit: 'x' } })).status).toBe(400);
      expect((await api().get(`${s.m('entries')}/bad%20id/snapshots`)).status).toBe(400);

      await api().delete(`${at}/published`);
      expect((await api().delete(at)).status).toBe(204);
      expect(await f.count('snapshots', s.id)).toBe(0);
    });

    it('keeps no snapshots outside master; through the master alias they are recorded and echo the alias id', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      await envs.readyEnvironment(s.id, 'staging');
      const { at } = await publishedTwice(s.e('staging', 'entries'));
      expect(await f.count('snapshots', s.id)).toBe(0);
      const res = await api().get(`${at}/snapshots`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Snapshot', environment: 'staging' },
      });

      const optIn = await api().put(`/spaces/${s.id}/environment_aliases/master`, {
        environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
      });
      expect(optIn.status).toBe(201);
      const target = optIn.body.environment.sys.id as string;
      const viaAlias = await publishedTwice(s.e('master', 'entries'));
      const list = await api().get(`${viaAlias.at}/snapshots`);
      expect(list.body.total).toBe(2);
      expect(list.body.items[0].sys.environment.sys.id).toBe('master');
      const direct = await api().get(`${s.e(target, 'entries')}/${viaAlias.id}/snapshots`);
      expect(direct.body.total).toBe(2);
      expect(direct.body.items[0].sys.environment.sys.id).toBe(target);
    });
  });
}
