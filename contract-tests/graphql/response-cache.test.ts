import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer, type ApiResponse } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { quadrantPng, uploadFixtures } from '../support/upload-fixtures.ts';
import { fewestStatements } from '../support/statement-count.ts';
import { settled, useTwoProcesses } from '../support/two-processes.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const TITLES = '{ articleCollection(order: [sys_id_ASC]) { items { title } } }';
const titles = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.articleCollection.items as Array<{ title: string | null }>).map((i) => i.title);
};

// Delivery responses are kept until a write to anything they read; every kind of write must show on the next request.
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL response cache`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    const vh = (version: number) => g.version(version);
    let spaceId: string;
    let delivery: string;
    let preview: string;
    const m = (collection: string) => `/spaces/${spaceId}/environments/master/${collection}`;

    async function createEntry(id: string, title: string, publish = true) {
      const created = await api().put(m(`entries/${id}`), { fields: { title: en(title) } }, g.ctHeader('article'));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      if (!publish) return created.body.sys.version as number;
      const published = await api().put(m(`entries/${id}/published`), undefined, vh(created.body.sys.version));
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      return published.body.sys.version as number;
    }

    beforeAll(async () => {
      spaceId = (await g.space('Cached')).id;
      await g.contentType(spaceId, 'article', [{ id: 'title', type: 'Symbol' }]);
      ({ delivery, preview } = await g.keys(spaceId));
      await createEntry('a1', 'First');
    });

    it('an identical request is answered from the cache: no SQL, same body and cost header', async () => {
      const first = await g.gql(spaceId, delivery, TITLES);
      expect(titles(first)).toEqual(['First']);
      const statements = await fewestStatements(api(), async () => {
        const again = await g.gql(spaceId, delivery, TITLES);
        expect(again.body).toEqual(first.body);
        expect(g.cost(again)).toBe(g.cost(first));
      });
      expect(statements).toBe(0);
      // Another text, other variables or another operation are other responses.
      expect(
        await fewestStatements(api(), () => g.gql(spaceId, delivery, '{ articleCollection { total } }'), 1),
      ).toBeGreaterThan(0);
    });

    it('entry writes show at once: publish, update + publish, unpublish, archive, delete', async () => {
      expect(titles(await g.gql(spaceId, delivery, TITLES))).toEqual(['First']);
      let v = await createEntry('a2', 'Second');
      expect(titles(await g.gql(spaceId, delivery, TITLES))).toEqual(['First', 'Second']);
      const updated = await api().put(m('entries/a2'), { fields: { title: en('Second, edited') } }, vh(v));
      expect(updated.status).toBe(200);
      // A draft write changes what a preview token reads, not what delivery reads.
      expect(
        titles(
          await g.gql(spaceId, preview, TITLES.replace('articleCollection(', 'articleCollection(preview: true, ')),
        ),
      ).toEqual(['First', 'Second, edited']);
      expect(titles(await g.gql(spaceId, delivery, TITLES))).toEqual(['First', 'Second']);
      v = (await api().put(m('entries/a2/published'), undefined, vh(updated.body.sys.version))).body.sys.version;
      expect(titles(await g.gql(spaceId, delivery, TITLES))).toEqual(['First', 'Second, edited']);
      expect((await api().delete(m('entries/a2/published'), vh(v))).status).toBe(200);
      expect(titles(await g.gql(spaceId, delivery, TITLES))).toEqual(['First']);
      const archived = await api().put(m('entries/a2/archived'), undefined, vh(v + 1));
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      expect((await api().delete(m('entries/a2/archived'), vh(archived.body.sys.version))).status).toBe(200);
      expect((await api().delete(m('entries/a2'))).status).toBe(204);
      expect(
        titles(
          await g.gql(spaceId, preview, TITLES.replace('articleCollection(', 'articleCollection(preview: true, ')),
        ),
      ).toEqual(['First']);
    });

    it('asset writes show at once: create, process, publish, unpublish', async () => {
      const files = uploadFixtures(api);
      const query = '{ assetCollection(preview: true) { items { title url } } }';
      const assets = async () => {
        const res = await g.gql(spaceId, preview, query);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.assetCollection.items as Array<{ title: string; url: string | null }>;
      };
      const published = async () =>
        (await g.gql(spaceId, delivery, '{ assetCollection { total } }')).body.data.assetCollection.total;
      expect([await assets(), await published()]).toEqual([[], 0]);
      const up = await files.upload(spaceId, await quadrantPng(40, 30));
      const created = await files.createAsset(spaceId, {
        'en-US': { contentType: 'image/png', fileName: 'q.png', uploadFrom: files.uploadLink(up.sys.id) },
      });
      expect(await assets()).toEqual([{ title: 'A file', url: null }]);
      expect((await files.process(spaceId, created.sys.id, 'en-US', 1)).status).toBe(204);
      const processed = await files.waitProcessed(spaceId, created.sys.id, ['en-US']);
      expect((await assets())[0]!.url).toMatch(/q\.png$/);
      const live = await files.publish(spaceId, created.sys.id, processed.sys.version);
      expect(await published()).toBe(1);
      expect((await api().delete(m(`assets/${created.sys.id}/published`), vh(live.sys.version))).status).toBe(200);
      expect(await published()).toBe(0);
    });

    it('content model, locale and tag writes show at once', async () => {
      const withBody = '{ articleCollection { items { title body } } }';
      expect(g.code(await g.gql(spaceId, delivery, withBody))).toBe('GRAPHQL_VALIDATION_FAILED');
      const ct = await api().get(m('content_types/article'));
      const fields = [...ct.body.fields, { id: 'body', name: 'Body', type: 'Text', localized: false, required: false }];
      const saved = await api().put(
        m('content_types/article'),
        { name: 'article', displayField: 'title', fields },
        vh(ct.body.sys.version),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const before = await g.gql(spaceId, delivery, '{ articleCollection { total } }');
      expect(before.body).toEqual({ data: { articleCollection: { total: 1 } } });
      expect(
        (await api().put(m('content_types/article/published'), undefined, vh(saved.body.sys.version))).status,
      ).toBe(200);
      expect((await g.gql(spaceId, delivery, withBody)).status).toBe(200);

      const localeQuery = '{ articleCollection(locale: "fr-FR") { items { title } } }';
      expect(g.code(await g.gql(spaceId, delivery, localeQuery))).toBe('UNKNOWN_LOCALE');
      const locale = await api().post(`/spaces/${spaceId}/environments/master/locales`, {
        name: 'French',
        code: 'fr-FR',
        fallbackCode: 'en-US',
      });
      expect(locale.status, JSON.stringify(locale.body)).toBe(201);
      expect(titles(await g.gql(spaceId, delivery, localeQuery))).toEqual(['First']);

      const tagged = `{ articleCollection { items { ${api().tessera.config.vendor.token}Metadata { tags { id name } } } } }`;
      const tag = await api().put(`/spaces/${spaceId}/tags/news`, {
        name: 'News',
        sys: { id: 'news', visibility: 'public' },
      });
      expect(tag.status, JSON.stringify(tag.body)).toBe(201);
      const a1 = await api().get(m('entries/a1'));
      const retagged = await api().put(
        m('entries/a1'),
        { fields: a1.body.fields, metadata: { tags: [{ sys: { type: 'Link', linkType: 'Tag', id: 'news' } }] } },
        vh(a1.body.sys.version),
      );
      expect(retagged.status, JSON.stringify(retagged.body)).toBe(200);
      expect((await api().put(m('entries/a1/published'), undefined, vh(retagged.body.sys.version))).status).toBe(200);
      const tagsOf = async () =>
        (await g.gql(spaceId, delivery, tagged)).body.data.articleCollection.items[0][
          `${api().tessera.config.vendor.token}Metadata`
        ].tags;
      expect(await tagsOf()).toEqual([{ id: 'news', name: 'News' }]);
      const renamed = await api().put(
        `/spaces/${spaceId}/tags/news`,
        { name: 'Headlines', sys: { id: 'news', version: tag.body.sys.version } },
        vh(tag.body.sys.version),
      );
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(await tagsOf()).toEqual([{ id: 'news', name: 'Headlines' }]);
    });

    it("a preview token's cached answer is never given to a delivery token, and answers with errors are not cached", async () => {
      const drafts = '{ articleCollection(preview: true) { total } }';
      expect((await g.gql(spaceId, preview, drafts)).status).toBe(200);
      const denied = await g.gql(spaceId, delivery, drafts);
      expect([denied.status, g.code(denied)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      const failing = '{ articleCollection(locale: "xx-XX") { total } }';
      const [one, two] = [await g.gql(spaceId, delivery, failing), await g.gql(spaceId, delivery, failing)];
      expect([g.code(one), g.code(two)]).toEqual(['UNKNOWN_LOCALE', 'UNKNOWN_LOCALE']);
      const requestId = (res: ApiResponse) =>
        res.body.errors[0].extensions[api().tessera.config.vendor.token].requestId;
      expect(requestId(one)).not.toBe(requestId(two));
    });
  });

  describe(`${kind}: GraphQL response cache off (TESSERA_GRAPHQL_RESPONSE_CACHE_MB=0)`, () => {
    const api = useServer(kind, { env: { TESSERA_GRAPHQL_RESPONSE_CACHE_MB: '0' } });
    const g = graphqlFixtures(api);

    it('every request runs its query', async () => {
      const spaceId = (await g.space('Uncached')).id;
      await g.contentType(spaceId, 'article', [{ id: 'title', type: 'Symbol' }]);
      await g.entries(spaceId, [{ id: 'a1', contentType: 'article', fields: { title: en('Hello') }, published: true }]);
      const { delivery } = await g.keys(spaceId);
      expect(api().tessera.storage.responses).toBeUndefined();
      const statements = await fewestStatements(api(), async () =>
        expect(titles(await g.gql(spaceId, delivery, TITLES))).toEqual(['Hello']),
      );
      expect(statements).toBeGreaterThan(0);
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'GraphQL response cache across two processes on one PostgreSQL database',
  () => {
    const processes = useTwoProcesses('response-cache-token-0000');

    it("an entry published through one process shows in the other's next answers", async () => {
      const { a, baseA, baseB, call, articleSpace } = processes();
      const vendor = a.config.vendor.headerPrefix;
      const { spaceId, m } = await articleSpace([{ id: 'title', type: 'Symbol' }]);
      const key = (
        await call(baseA, 'POST', `/spaces/${spaceId}/api_keys`, {
          name: 'k',
          environments: [{ sys: { type: 'Link', linkType: 'Environment', id: 'master' } }],
        })
      ).body;
      const read = async () =>
        (await call(baseB, 'POST', `/content/v1/spaces/${spaceId}`, { query: TITLES }, {}, key.accessToken)).body;
      expect(await read()).toEqual({ data: { articleCollection: { items: [] } } });
      expect(await read()).toEqual({ data: { articleCollection: { items: [] } } }); // now from B's cache
      const entry = await call(
        baseA,
        'PUT',
        m('entries/e1'),
        { fields: { title: { 'en-US': 'Fresh' } } },
        { [`${vendor}-Content-Type`]: 'article' },
      );
      expect(entry.status, JSON.stringify(entry.body)).toBe(201);
      expect(
        (
          await call(baseA, 'PUT', m('entries/e1/published'), undefined, {
            [`${vendor}-Version`]: String(entry.body.sys.version),
          })
        ).status,
      ).toBe(200);
      expect(await settled(read, (seen) => JSON.stringify(seen).includes('Fresh'))).toEqual({
        data: { articleCollection: { items: [{ title: 'Fresh' }] } },
      });
    });
  },
);
