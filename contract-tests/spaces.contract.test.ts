import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: spaces`, () => {
    const api = useServer(kind);
    const version = () => `${api().vendorPrefix}-Version`;

    it('creates a space with a generated id, a ready master environment and a default locale', async () => {
      const res = await api().post('/spaces', { name: 'Blog', defaultLocale: 'de-DE' });
      expect(res.status).toBe(201);
      expect(res.body.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(res.body.sys.version).toBe(1);
      expect(res.headers.get('location')).toContain(`/spaces/${res.body.sys.id}`);
      const got = await api().get(`/spaces/${res.body.sys.id}`);
      expect(got.body).toEqual(res.body);
    });

    it('lists spaces with paging and order', async () => {
      await api().post('/spaces', { name: 'A' });
      await api().post('/spaces', { name: 'B' });
      const res = await api().get('/spaces', { query: { order: '-name', limit: 2, skip: 0 } });
      expect(res.status).toBe(200);
      expect(res.body.limit).toBe(2);
      expect(res.body.items).toHaveLength(2);
      const names = res.body.items.map((s: any) => s.name);
      expect([...names].sort().reverse()).toEqual(names);
      const beyond = await api().get('/spaces', { query: { skip: 9999 } });
      expect(beyond.body).toMatchObject({ skip: 9999, items: [] });
    });

    it('renames with the current version and refuses stale or missing versions without writing', async () => {
      const space = (await api().post('/spaces', { name: 'Old' })).body;
      const path = `/spaces/${space.sys.id}`;
      const missing = await api().put(path, { name: 'New' });
      expect(missing.status).toBe(409);
      expect(missing.body.sys.id).toBe('VersionMismatch');
      const stale = await api().put(path, { name: 'New' }, { headers: { [version()]: '7' } });
      expect(stale.status).toBe(409);
      expect((await api().get(path)).body).toMatchObject({ name: 'Old', sys: { version: 1 } });
      const ok = await api().put(path, { name: 'New' }, { headers: { [version()]: '1' } });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ name: 'New', sys: { version: 2 } });
      const bad = await api().put(path, { name: 'X' }, { headers: { [version()]: 'abc' } });
      expect(bad.status).toBe(400);
      const invalid = await api().put(path, { title: 'X' }, { headers: { [version()]: '2' } });
      expect(invalid.status).toBe(422);
      expect((await api().get(path)).body.sys.version).toBe(2);
    });

    it('deletes a space and everything in it', async () => {
      const space = (await api().post('/spaces', { name: 'Doomed' })).body;
      expect((await api().delete(`/spaces/${space.sys.id}`)).status).toBe(204);
      expect((await api().get(`/spaces/${space.sys.id}`)).status).toBe(404);
      expect((await api().delete(`/spaces/${space.sys.id}`)).status).toBe(404);
    });

    it('refuses bad input on every space operation', async () => {
      const before = (await api().get('/spaces')).body.total;
      expect((await api().post('/spaces', {})).status).toBe(422);
      expect((await api().post('/spaces', { name: 'x', defaultLocale: 'not a locale!' })).status).toBe(422);
      expect(
        (await api().post('/spaces', { name: 'x' }, { headers: { [`${api().vendorPrefix}-Organization`]: 'nope' } }))
          .status,
      ).toBe(404);
      expect((await api().get('/spaces')).body.total).toBe(before);
      expect((await api().get('/spaces', { query: { limit: 1001 } })).body.sys.id).toBe('InvalidQuery');
      expect((await api().get('/spaces/doesNotExist')).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Space', id: 'doesNotExist' },
      });
      expect((await api().put('/spaces/doesNotExist', { name: 'x' }, { headers: { [version()]: '1' } })).status).toBe(
        404,
      );
      expect((await api().get('/spaces', { token: 'bad' })).status).toBe(401);
      expect((await api().post('/spaces', { name: 'x' }, { token: 'bad' })).status).toBe(401);
      expect((await api().get('/spaces/x', { token: 'bad' })).status).toBe(401);
      expect((await api().put('/spaces/x', { name: 'x' }, { token: 'bad' })).status).toBe(401);
      expect((await api().delete('/spaces/x', { token: 'bad' })).status).toBe(401);
    });
  });
}
