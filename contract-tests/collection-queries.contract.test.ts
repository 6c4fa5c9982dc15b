import { describe, expect, it } from 'vitest';
import type { ApiResponse } from './support/harness.ts';
import { useServer } from './support/harness.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { searchFixtures } from './support/search-fixtures.ts';

/**
 * The search parameters of the Management API's collections other than entries and assets: `sys.id[in]` and the
 * other filters, `order`, `skip` and `limit`, applied by the database (totals count the matches), and 400
 * `InvalidQuery` naming each parameter a collection does not take.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: collection queries`, () => {
    const api = useServer(kind);
    const f = searchFixtures(api);
    const envs = environmentFixtures(api);
    const get = (path: string, query: string) => f.search(path, query);
    const page = (res: ApiResponse) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { total: res.body.total as number, skip: res.body.skip as number, limit: res.body.limit as number };
    };
    /** The error items of a 400 InvalidQuery, as `path` joined by dots. */
    const refused = (res: ApiResponse) => f.invalid(res).map((e) => (e.path as string[]).join('.'));

    it('content types: sys.id[in] as contentful-migration sends it, the other sys filters, name, order, totals with skip and limit', async () => {
      const s = await f.space('Collections');
      for (const id of ['author', 'article', 'category', 'page'])
        await f.contentType(s.id, id, [{ id: 'title', type: 'Symbol' }]);
      await f.contentType(s.id, 'draftOnly', [{ id: 'title', type: 'Symbol' }], { activated: false });
      // One second apart, in the order written: inserts on a fast machine may share a millisecond.
      for (const [n, id] of ['author', 'article', 'category', 'page', 'draftOnly'].entries()) {
        const at = new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString();
        await api()
          .tessera.database.db.updateTable('content_types' as never)
          .set({ created_at: at, updated_at: at } as never)
          .where('space_id' as never, '=', s.id as never)
          .where('id' as never, '=', id as never)
          .execute();
      }
      api().tessera.cache?.clear();
      const types = s.m('content_types');
      // The migration tool's fetcher: limit, order, the filter, then skip; brackets and commas as written.
      const fetched = await get(types, 'limit=100&order=sys.createdAt&sys.id[in]=author,page,nope&skip=0');
      expect(f.ids(fetched)).toEqual(['author', 'page']);
      expect(page(fetched)).toEqual({ total: 2, skip: 0, limit: 100 });
      expect(f.ids(await get(s.e('master', 'content_types'), 'sys.id=article'))).toEqual(['article']);
      expect(f.ids(await get(types, 'sys.id[ne]=article&order=-sys.id'))).toEqual([
        'page',
        'draftOnly',
        'category',
        'author',
      ]);
      expect(f.ids(await get(types, 'sys.id[nin]=article,author&order=sys.id'))).toEqual([
        'category',
        'draftOnly',
        'page',
      ]);
      expect(f.ids(await get(types, 'sys.publishedVersion[exists]=false'))).toEqual(['draftOnly']);
      expect(f.ids(await get(types, 'sys.version[gte]=2&name[in]=page,category&order=-name'))).toEqual([
        'page',
        'category',
      ]);
      const activatedPage = await get(types, 'sys.publishedCounter[gte]=1&order=-sys.publishedVersion,sys.id&limit=1');
      expect(f.ids(activatedPage)).toEqual(['article']);
      expect(page(activatedPage).total).toBe(4);
      expect(f.ids(await get(types, 'name[match]=cat'))).toEqual(['category']);

      const paged = await get(types, 'sys.id[in]=author,article,category,page&order=sys.id&skip=1&limit=2');
      expect(f.ids(paged)).toEqual(['author', 'category']);
      expect(page(paged)).toEqual({ total: 4, skip: 1, limit: 2 });
      expect(page(await get(types, 'sys.id[in]=author,article&limit=0'))).toEqual({ total: 2, skip: 0, limit: 0 });

      const first = (await get(types, 'sys.id=article')).body.items[0].sys;
      expect(f.ids(await get(types, `sys.createdAt=${first.createdAt}`))).toEqual(['article']);
      expect(f.ids(await get(types, `sys.createdAt[gt]=${first.createdAt}&sys.id[ne]=draftOnly`))).toEqual([
        'category',
        'page',
      ]);
      expect(f.ids(await get(types, `sys.updatedAt[lte]=${first.updatedAt}&order=sys.createdAt`))).toEqual([
        'author',
        'article',
      ]);

      // The activated list: never-activated types are left out before paging and counting.
      const activated = await get(s.m('public/content_types'), 'sys.id[in]=draftOnly,page,author&order=-sys.id');
      expect(f.ids(activated)).toEqual(['page', 'author']);
      expect(page(activated).total).toBe(2);
    });

    it('content types: each parameter that does not apply answers 400 InvalidQuery naming it', async () => {
      const s = await f.space('Refusals');
      const types = s.m('content_types');
      expect(refused(await get(types, 'sys.foo=1'))).toEqual(['sys.foo']);
      expect(refused(await get(types, 'content_type=x&fields.title=a'))).toEqual(['content_type', 'fields.title']);
      expect(refused(await get(types, 'sys.id[lt]=a&sys.version[match]=1'))).toEqual(['sys.id', 'sys.version']);
      const value = f.invalid(await get(types, 'sys.createdAt[gte]=yesterday'));
      expect(value).toEqual([
        expect.objectContaining({
          name: 'value',
          path: ['sys', 'createdAt'],
          type: 'Date',
          filter: 'gte',
          value: 'yesterday',
        }),
      ]);
      expect(refused(await get(types, 'sys.id[between]=a'))).toEqual(['sys.id']);
      expect(refused(await get(types, 'order=fields.title,-sys.nope,sys.version'))).toEqual([
        'fields.title',
        'sys.nope',
        'sys.version',
      ]);
      expect(refused(await get(s.m('public/content_types'), 'query=hello'))).toEqual(['query']);
      const res = await get(types, 'sys.bar[in]=a');
      expect(res.body).toMatchObject({
        message:
          'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.',
        details: {
          errors: [{ name: 'unknown', path: ['sys', 'bar'], details: 'The path "sys.bar" is not recognized' }],
        },
        requestId: expect.any(String),
      });
    });

    it('locales: code, name, default and sys filters; the cached page never answers another query', async () => {
      const s = await f.space('Locales');
      const locales = s.m('locales');
      expect((await api().post(locales, { name: 'French', code: 'fr-FR' })).status).toBe(201);
      const codes = (res: ApiResponse) => (page(res), res.body.items.map((l: { code: string }) => l.code));
      expect(codes(await get(locales, 'limit=100&order=sys.createdAt&skip=0'))).toEqual(['en-US', 'de-DE', 'fr-FR']);
      expect(codes(await get(locales, 'code=de-DE'))).toEqual(['de-DE']);
      const paged = await get(locales, 'code[nin]=en-US&skip=1&limit=1');
      expect(codes(paged)).toEqual(['fr-FR']);
      expect(page(paged)).toEqual({ total: 2, skip: 1, limit: 1 });
      expect(codes(await get(locales, 'default=true'))).toEqual(['en-US']);
      // `order` is accepted and ignored on locales, as on the hosted service.
      expect(codes(await get(locales, 'optional=false&order=-code'))).toEqual(['en-US', 'fr-FR']);
      expect(codes(await get(locales, 'name[match]=fren'))).toEqual(['fr-FR']);
      const german = (await get(locales, 'code=de-DE')).body.items[0];
      expect(codes(await get(s.e('master', 'locales'), `sys.id[in]=${german.sys.id}`))).toEqual(['de-DE']);
      expect(codes(await get(locales, `sys.createdAt=${german.sys.createdAt}&code[in]=de-DE,it-IT`))).toEqual([
        'de-DE',
      ]);
      expect(page(await get(locales, '')).total).toBe(3);
      expect(refused(await get(locales, 'default=maybe&foo=bar&internal_code=x'))).toEqual([
        'default',
        'foo',
        'internal_code',
      ]);
    });

    it('tags: sys.id[in], sys.visibility, name[match], order and paging', async () => {
      const s = await f.space('Tags');
      for (const [id, name, visibility] of [
        ['spring', 'Spring sale', 'public'],
        ['summer', 'Summer', 'private'],
        ['winter', 'Winter sale', 'public'],
      ]) {
        expect((await api().put(s.m(`tags/${id}`), { name, sys: { id, visibility } })).status).toBe(201);
      }
      const tags = s.m('tags');
      expect(f.ids(await get(tags, 'sys.id[in]=winter,spring'))).toEqual(['spring', 'winter']);
      expect(f.ids(await get(tags, 'sys.visibility=public&order=-name'))).toEqual(['winter', 'spring']);
      expect(f.ids(await get(tags, 'name[match]=SALE&sys.id[ne]=spring'))).toEqual(['winter']);
      const paged = await get(s.e('master', 'tags'), 'sys.visibility[ne]=private&limit=1&skip=1');
      expect(f.ids(paged)).toEqual(['winter']);
      expect(page(paged)).toEqual({ total: 2, skip: 1, limit: 1 });
      expect(refused(await get(tags, 'sys.visibility[lt]=public&metadata.tags.sys.id[in]=a'))).toEqual([
        'sys.visibility',
        'metadata.tags.sys.id',
      ]);
    });

    it('editor interfaces: sys.contentType.sys.id filters, order, totals', async () => {
      const s = await f.space('Editors');
      for (const id of ['beta', 'alpha', 'gamma']) {
        const ct = s.m(`content_types/${id}`);
        expect(
          (await api().put(ct, { name: id, fields: [{ id: 'title', name: 'Title', type: 'Symbol' }] })).status,
        ).toBe(201);
        expect((await api().put(`${ct}/published`, undefined, f.version(1))).status).toBe(200);
      }
      const editors = s.m('editor_interfaces');
      const ctIds = (res: ApiResponse) => (
        page(res),
        res.body.items.map((e: { sys: { contentType: { sys: { id: string } } } }) => e.sys.contentType.sys.id)
      );
      expect(ctIds(await get(editors, ''))).toEqual(['beta', 'alpha', 'gamma']);
      expect(ctIds(await get(editors, 'sys.contentType.sys.id[in]=gamma,beta'))).toEqual(['beta', 'gamma']);
      const paged = await get(
        s.e('master', 'editor_interfaces'),
        'sys.contentType.sys.id[nin]=beta&order=-sys.contentType.sys.id&limit=1',
      );
      expect(ctIds(paged)).toEqual(['gamma']);
      expect(page(paged)).toEqual({ total: 2, skip: 0, limit: 1 });
      expect(page(await get(editors, 'sys.id=default')).total).toBe(3);
      expect(refused(await get(editors, 'sys.contentType.sys.id[gt]=a&controls=x'))).toEqual([
        'sys.contentType.sys.id',
        'controls',
      ]);
    });

    it('extensions: sys filters, order and paging', async () => {
      const s = await f.space('Extensions');
      for (const id of ['one', 'two', 'three']) {
        expect(
          (await api().put(s.m(`extensions/${id}`), { extension: { name: id, src: 'https://example.com/x.html' } }))
            .status,
        ).toBe(201);
      }
      const extensions = s.m('extensions');
      const paged = await get(extensions, 'sys.id[in]=one,three,two&order=-sys.id&skip=1&limit=1');
      expect(f.ids(paged)).toEqual(['three']);
      expect(page(paged)).toEqual({ total: 3, skip: 1, limit: 1 });
      expect(f.ids(await get(extensions, 'sys.version=1&sys.id[nin]=one'))).toEqual(['two', 'three']);
      expect(refused(await get(extensions, 'name=one'))).toEqual(['name']);
    });

    it('API keys and preview keys, environments and aliases: sys filters, name, status, target, whole-second timestamps', async () => {
      const s = await f.space('Settings');
      const keys: Array<{ id: string; preview: string }> = [];
      for (const name of ['Website', 'App', 'Website preview']) {
        const res = await api().post(`/spaces/${s.id}/api_keys`, { name });
        expect(res.status).toBe(201);
        keys.push({ id: res.body.sys.id, preview: res.body.preview_api_key.sys.id });
      }
      const apiKeys = `/spaces/${s.id}/api_keys`;
      expect(f.ids(await get(apiKeys, `sys.id[in]=${keys[2]!.id},${keys[0]!.id}`))).toEqual([keys[0]!.id, keys[2]!.id]);
      const named = await get(apiKeys, 'name[match]=web&limit=1');
      expect(f.ids(named)).toEqual([keys[0]!.id]);
      expect(page(named)).toEqual({ total: 2, skip: 0, limit: 1 });
      expect(f.ids(await get(`/spaces/${s.id}/preview_api_keys`, `sys.id=${keys[1]!.preview}`))).toEqual([
        keys[1]!.preview,
      ]);
      expect(refused(await get(apiKeys, 'accessToken=x'))).toEqual(['accessToken']);

      const environments = `/spaces/${s.id}/environments`;
      await envs.readyEnvironment(s.id, 'staging');
      const master = (await get(environments, 'sys.id=master')).body.items[0].sys;
      expect(master.createdAt).toMatch(/:\d\dZ$/);
      expect(f.ids(await get(environments, `sys.createdAt=${master.createdAt}&sys.id[in]=master,nope`))).toEqual([
        'master',
      ]);
      expect(f.ids(await get(environments, 'name[match]=stag'))).toEqual(['staging']);
      expect(f.ids(await get(environments, 'sys.status.sys.id[in]=ready,failed&order=-sys.id'))).toEqual([
        'staging',
        'master',
      ]);
      expect(page(await get(environments, 'sys.status.sys.id[ne]=ready')).total).toBe(0);
      expect(refused(await get(environments, 'sys.status=ready'))).toEqual(['sys.status']);

      const aliases = `/spaces/${s.id}/environment_aliases`;
      const link = { environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } } };
      const created = await api().put(`${aliases}/master`, link);
      expect(created.status).toBe(201);
      const target = created.body.environment.sys.id as string; // opting in renames master
      expect(f.ids(await get(aliases, `environment.sys.id=${target}&sys.id[in]=master,x`))).toEqual(['master']);
      expect(page(await get(aliases, `environment.sys.id[ne]=${target}`)).total).toBe(0);
      expect(refused(await get(aliases, 'environment=master'))).toEqual(['environment']);
    });

    it('entries take what contentful-migration sends: sys.archivedAt[exists]=false with sys.contentType.sys.id[in]', async () => {
      const s = await f.space('Entries');
      for (const id of ['post', 'page', 'other']) await f.contentType(s.id, id, [{ id: 'title', type: 'Symbol' }]);
      await f.entries(s.id, [
        { id: 'p1', contentType: 'post' },
        { id: 'p2', contentType: 'post', archived: true },
        { id: 'g1', contentType: 'page' },
        { id: 'x1', contentType: 'other' },
      ]);
      const res = await get(
        s.m('entries'),
        'limit=100&order=sys.createdAt&sys.archivedAt[exists]=false&sys.contentType.sys.id[in]=post,page&skip=0',
      );
      expect(f.ids(res).sort()).toEqual(['g1', 'p1']);
      expect(page(res).total).toBe(2);
    });
  });
}
