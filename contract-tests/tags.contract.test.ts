import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';
import { searchFixtures } from './support/search-fixtures.ts';

const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

for (const kind of DB_KINDS) {
  describe(`${kind}: tags`, () => {
    const api = useServer(kind);
    const f = searchFixtures(api);
    const envs = environmentFixtures(api);
    const header = (suffix: string, value: string | number) => ({ [`${api().vendorPrefix}-${suffix}`]: String(value) });
    const version = (v: number) => ({ headers: header('Version', v) });
    const stored = async (spaceId: string, environment = 'master') =>
      f
        .db()
        .selectFrom('tags')
        .select(['id', 'name', 'visibility', 'version'])
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environment)
        .orderBy('id')
        .execute();

    async function space() {
      const s = await f.space('Tags');
      return { ...s, t: (id = '') => `${s.m('tags')}${id ? `/${id}` : ''}` };
    }

    it('creates with PUT on both paths: 201, version 1, visibility from the body or the header (default private)', async () => {
      const s = await space();
      const res = await api().put(s.t('news'), { name: 'News', sys: { id: 'news', visibility: 'public' } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        name: 'News',
        sys: {
          type: 'Tag',
          id: 'news',
          visibility: 'public',
          version: 1,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
          createdAt: expect.stringMatching(MILLIS),
          updatedAt: expect.stringMatching(MILLIS),
          createdBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
          updatedBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
        },
      });
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/tags/news$`));
      expect((await api().get(s.t('news'))).body).toEqual(res.body);
      expect((await api().get(s.e('master', 'tags/news'))).body).toEqual(res.body);

      const byHeader = await api().put(
        s.e('master', 'tags/sport'),
        { name: 'Sport' },
        { headers: header('Tag-Visibility', 'public') },
      );
      expect(byHeader.status).toBe(201);
      expect(byHeader.body.sys.visibility).toBe('public');
      expect(byHeader.headers.get('location')).toMatch(/\/environments\/master\/tags\/sport$/);
      const plain = await api().put(s.t('misc.1_x-y'), { name: 'Misc' }, version(7));
      expect(plain.body.sys).toMatchObject({ visibility: 'private', version: 1 });
      expect(await stored(s.id)).toEqual([
        { id: 'misc.1_x-y', name: 'Misc', visibility: 'private', version: 1 },
        { id: 'news', name: 'News', visibility: 'public', version: 1 },
        { id: 'sport', name: 'Sport', visibility: 'public', version: 1 },
      ]);
    });

    it('lists oldest first, orders by name, pages, and keeps environments apart', async () => {
      const s = await space();
      for (const [id, name] of [
        ['b', 'Beta'],
        ['a', 'Gamma'],
        ['c', 'Alpha'],
      ])
        await api().put(s.t(id), { name });
      const list = await api().get(s.t());
      expect(list.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 0, limit: 100 });
      expect(list.body.items.map((t: { sys: { id: string } }) => t.sys.id)).toEqual(['b', 'a', 'c']);
      const names = async (query: string) =>
        (await api().get(`${s.t()}?${query}`)).body.items.map((t: { name: string }) => t.name);
      expect(await names('order=name')).toEqual(['Alpha', 'Beta', 'Gamma']);
      expect(await names('order=-name&skip=1&limit=1')).toEqual(['Beta']);
      expect(await names('order=sys.id')).toEqual(['Gamma', 'Beta', 'Alpha']);
      const bad = await api().get(`${s.t()}?order=color`);
      expect(bad.status).toBe(400);
      expect(bad.body.details.errors[0]).toMatchObject({ name: 'unknown', path: ['color'] });

      // A new environment starts with copies of the source's tags; from then on each has its own.
      await envs.readyEnvironment(s.id, 'dev');
      expect((await api().get(s.e('dev', 'tags'))).body.total).toBe(3);
      expect((await api().put(s.e('dev', 'tags/a'), { name: 'Delta' }, version(1))).status).toBe(200);
      expect((await api().put(s.e('dev', 'tags/d'), { name: 'Epsilon' })).status).toBe(201);
      expect((await api().get(s.e('dev', 'tags'))).body.total).toBe(4);
      expect((await api().get(s.t())).body.total).toBe(3);
      expect((await api().get(s.t('a'))).body.name).toBe('Gamma');
      const devTag = await api().get(s.e('dev', 'tags/a'));
      expect(devTag.body).toMatchObject({ name: 'Delta', sys: { version: 2, environment: { sys: { id: 'dev' } } } });
      expect((await api().get(s.t('d'))).status).toBe(404);
    });

    it('renames with the current version; a missing or stale version, a visibility change or another id changes nothing', async () => {
      const s = await space();
      await api().put(s.t('news'), { name: 'News' });
      const missing = await api().put(s.t('news'), { name: 'Headlines' });
      expect(missing.status).toBe(409);
      expect(missing.body.sys.id).toBe('VersionMismatch');
      expect((await api().put(s.t('news'), { name: 'Headlines' }, version(2))).status).toBe(409);
      const visibility = await api().put(s.t('news'), { name: 'Headlines', sys: { visibility: 'public' } }, version(1));
      expect(visibility.status).toBe(422);
      expect(visibility.body.details.errors).toEqual([
        {
          name: 'immutable',
          path: ['sys', 'visibility'],
          value: 'public',
          details: 'The visibility of a tag cannot change; this tag is private.',
        },
      ]);
      const byHeader = await api().put(
        s.t('news'),
        { name: 'Headlines' },
        { headers: { ...header('Version', 1), ...header('Tag-Visibility', 'public') } },
      );
      expect(byHeader.status).toBe(422);
      const otherId = await api().put(s.t('news'), { name: 'Headlines', sys: { id: 'other' } }, version(1));
      expect(otherId.body.details.errors[0]).toMatchObject({ name: 'immutable', path: ['sys', 'id'], value: 'other' });
      expect(await stored(s.id)).toEqual([{ id: 'news', name: 'News', visibility: 'private', version: 1 }]);

      const renamed = await api().put(
        s.t('news'),
        { name: 'Headlines', sys: { id: 'news', visibility: 'private', type: 'Tag', version: 1 } },
        version(1),
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Headlines', sys: { version: 2, visibility: 'private' } });
      expect(renamed.headers.get('location')).toBeNull();
      expect((await api().get(s.e('master', 'tags/news'))).body).toEqual(renamed.body);
    });

    it('keeps names unique in the environment, on create and on rename', async () => {
      const s = await space();
      await api().put(s.t('a'), { name: 'Taken' });
      await api().put(s.t('b'), { name: 'Free' });
      const create = await api().put(s.t('c'), { name: 'Taken' });
      expect(create.status).toBe(422);
      expect(create.body).toMatchObject({
        sys: { type: 'Error', id: 'ValidationFailed' },
        details: { errors: [{ name: 'taken', path: ['name'], value: 'Taken' }] },
      });
      const rename = await api().put(s.t('b'), { name: 'Taken' }, version(1));
      expect(rename.body.details.errors).toEqual([
        { name: 'taken', path: ['name'], value: 'Taken', details: 'Another tag of this environment is named "Taken".' },
      ]);
      expect(await stored(s.id)).toEqual([
        { id: 'a', name: 'Taken', visibility: 'private', version: 1 },
        { id: 'b', name: 'Free', visibility: 'private', version: 1 },
      ]);
      await envs.readyEnvironment(s.id, 'other');
      expect((await api().put(s.e('other', 'tags/a'), { name: 'Renamed' }, version(1))).status).toBe(200);
      expect((await api().put(s.e('other', 'tags/c'), { name: 'Taken' })).status).toBe(201);
    });

    it('deletes with the current version, not while an entry or asset (draft or published) carries the tag', async () => {
      const s = await space();
      for (const id of ['free', 'draft', 'pub', 'asset']) await api().put(s.t(id), { name: id });
      await f.contentType(s.id, 'article', [{ id: 'title', type: 'Symbol' }]);
      await f.entries(s.id, [
        { id: 'e1', tags: ['draft'] },
        { id: 'e2', tags: [], published: { tags: ['pub'] } },
      ]);
      await f.assets(s.id, [{ id: 'x1', tags: ['asset'] }]);

      expect((await api().delete(s.t('free'))).status).toBe(409);
      expect((await api().delete(s.t('free'), version(3))).status).toBe(409);
      for (const id of ['draft', 'pub', 'asset']) {
        const refused = await api().delete(s.t(id), version(1));
        expect(refused.status, id).toBe(422);
        expect(refused.body).toMatchObject({
          sys: { type: 'Error', id: 'ActionPreconditionsFailed' },
          message: `Tag "${id}" cannot be deleted while entries or assets carry it.`,
          details: { errors: [{ name: 'reference', details: 'Tag is referenced by another entity' }] },
        });
      }
      expect((await stored(s.id)).map((t) => t.id)).toEqual(['asset', 'draft', 'free', 'pub']);
      const deleted = await api().delete(s.e('master', 'tags/free'), version(1));
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      const gone = await api().get(s.t('free'));
      expect(gone.status).toBe(404);
      expect(gone.body.details).toEqual({ type: 'Tag', id: 'free', environment: 'master', space: s.id });
      expect((await api().delete(s.t('free'), version(1))).status).toBe(404);
      expect((await api().put(s.t('free'), { name: 'again' })).body.sys.version).toBe(1);
    });

    it('lets members read and only space admins write; strangers see nothing', async () => {
      const s = await space();
      await api().put(s.t('news'), { name: 'News' });
      const member = await envs.otherUser(s.id);
      expect((await api().get(s.t(), { token: member })).body.total).toBe(1);
      expect((await api().get(s.t('news'), { token: member })).status).toBe(200);
      for (const res of [
        await api().put(s.t('new'), { name: 'New' }, { token: member }),
        await api().put(s.t('news'), { name: 'Renamed' }, { token: member, headers: header('Version', 1) }),
        await api().delete(s.t('news'), { token: member, headers: header('Version', 1) }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.sys.id).toBe('AccessDenied');
      }
      const stranger = await envs.otherUser();
      expect((await api().get(s.t(), { token: stranger })).status).toBe(404);
      expect((await api().put(s.t('x'), { name: 'x' }, { token: stranger })).status).toBe(404);
      expect(await stored(s.id)).toEqual([{ id: 'news', name: 'News', visibility: 'private', version: 1 }]);
    });

    it('refuses malformed ids, bodies and headers with a clear 4xx and writes nothing', async () => {
      const s = await space();
      const cases: Array<[Promise<{ status: number; body: any }>, number, string]> = [
        [api().put(s.t('bad%20id'), { name: 'x' }), 400, 'BadRequest'],
        [api().put(s.t('a'.repeat(65)), { name: 'x' }), 400, 'BadRequest'],
        [api().put(s.t('ok'), {}), 422, 'ValidationFailed'],
        [api().put(s.t('ok'), { name: '' }), 422, 'ValidationFailed'],
        [api().put(s.t('ok'), { name: '   ' }), 422, 'ValidationFailed'],
        [api().put(s.t('ok'), { name: 'x'.repeat(65) }), 422, 'ValidationFailed'],
        [api().put(s.t('ok'), { name: 'x', sys: { visibility: 'secret' } }), 422, 'ValidationFailed'],
        [api().put(s.t('ok'), { name: 'x' }, { headers: header('Tag-Visibility', 'secret') }), 400, 'BadRequest'],
        [
          api().put(
            s.t('ok'),
            { name: 'x', sys: { visibility: 'private' } },
            { headers: header('Tag-Visibility', 'public') },
          ),
          422,
          'ValidationFailed',
        ],
        [
          api().request('PUT', s.t('ok'), { rawBody: '{"name":', headers: { 'Content-Type': 'application/json' } }),
          400,
          'BadRequest',
        ],
        [api().delete(s.t('ok'), { headers: header('Version', 'x') }), 400, 'BadRequest'],
        [api().get(`${s.t()}?limit=5000`), 400, 'InvalidQuery'],
      ];
      for (const [pending, status, id] of cases) {
        const res = await pending;
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(res.body.sys.id).toBe(id);
        expect(res.body.message.length).toBeGreaterThan(5);
      }
      for (const base of [s.t(), s.e('master', 'tags')]) {
        const list = await api().get(`${base}?order=color`);
        expect(list.body.sys.id).toBe('InvalidQuery');
        for (const res of [
          await api().get(`${base}/bad%20id`),
          await api().put(`${base}/bad%20id`, { name: 'x' }),
          await api().delete(`${base}/bad%20id`, version(1)),
        ]) {
          expect(res.status).toBe(400);
          expect(res.body.sys.id).toBe('BadRequest');
        }
      }
      expect(await stored(s.id)).toEqual([]);
    });
  });
}
