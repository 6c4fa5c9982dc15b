import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { fewestStatements, UNCACHED_RESPONSES } from '../support/statement-count.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const at = (day: number) => `2024-01-0${day}T00:00:00.000Z`;
/** First publication dates that order differently from the latest ones. */
const FIRST_PUBLISHED: Record<string, string> = {
  a1: '2023-06-01T00:00:00.000Z',
  a2: '2023-01-01T00:00:00.000Z',
  a3: '2023-03-01T00:00:00.000Z',
  u1: '2023-03-01T00:00:00.000Z',
  x1: '2023-02-01T00:00:00.000Z',
  g1: '2023-01-01T00:00:00.000Z',
};

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL root entryCollection across content types`, () => {
    const api = useServer(kind, { env: UNCACHED_RESPONSES });
    const g = graphqlFixtures(api);
    let spaceId: string;
    let tokens: { delivery: string; preview: string };
    let m: string;
    const ask = async (query: string, token = tokens.delivery) => {
      const res = await g.gql(spaceId, token, query);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res;
    };
    const ids = async (args: string, token = tokens.delivery) =>
      (
        (await ask(`{ entryCollection(${args}) { total items { sys { id } } } }`, token)).body.data.entryCollection
          .items as Array<{ sys: { id: string } }>
      ).map((i) => i.sys.id);

    beforeAll(async () => {
      m = `${api().tessera.config.vendor.token}Metadata`;
      spaceId = (await g.space('EntryCollection')).id;
      tokens = await g.keys(spaceId);
      for (const id of ['red', 'blue']) {
        expect(
          (await api().put(`/spaces/${spaceId}/tags/${id}`, { name: id, sys: { id, visibility: 'public' } })).status,
        ).toBe(201);
      }
      await g.contentType(spaceId, 'author', [{ id: 'name', type: 'Symbol', localized: true }]);
      await g.contentType(spaceId, 'article', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['author'] }] },
        { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } },
      ]);
      // Named ContentTypeEntry (Entry is reserved), so its root fields never take `entry` or `entryCollection`.
      await g.contentType(spaceId, 'entry', [{ id: 'label', type: 'Symbol', localized: true }]);
      await g.contentType(spaceId, 'ghost', [{ id: 'label', type: 'Symbol' }], { activated: false });
      await g.entries(spaceId, [
        {
          id: 'a1',
          contentType: 'article',
          tags: ['red'],
          published: { at: at(3) },
          fields: {
            title: { 'en-US': 'One', 'de-DE': 'Eins' },
            author: en(link('u1')),
            related: en([link('u1'), link('x1')]),
          },
        },
        {
          id: 'a2',
          contentType: 'article',
          tags: ['red', 'blue'],
          version: 4,
          published: { at: at(1), version: 3 },
          fields: { title: en('Two') },
        },
        {
          id: 'a3',
          contentType: 'article',
          version: 3,
          fields: { title: en('Three (draft)') },
          published: { at: at(4), fields: { title: en('Three') } },
        },
        {
          id: 'u1',
          contentType: 'author',
          tags: ['blue'],
          version: 3,
          published: { at: at(2) },
          fields: { name: { 'en-US': 'Ann', 'de-DE': 'Anna' } },
        },
        { id: 'u2', contentType: 'author', tags: ['red'], fields: { name: en('Bob') } },
        { id: 'x1', contentType: 'entry', published: { at: at(2) }, fields: { label: en('X') } },
        { id: 'g1', contentType: 'ghost', tags: ['red'], published: { at: at(5) }, fields: { label: en('Boo') } },
      ]);
      await g.assets(spaceId, [
        { id: 'as1', published: true, fields: { title: { 'en-US': 'Logo', 'de-DE': 'Bild' } } },
      ]);
      for (const [id, first] of Object.entries(FIRST_PUBLISHED)) {
        await api()
          .tessera.database.db.updateTable('entries')
          .set({ first_published_at: first } as never)
          .where('space_id', '=', spaceId)
          .where('id', '=', id)
          .execute();
      }
    });

    it('items of every activated content type, each typed by its content type (inline fragments); never-activated types left out', async () => {
      const res = await ask(`{ entryCollection(order: [sys_id_ASC]) { total items { __typename sys { id }
        ... on Article { title } ... on Author { name } ... on ContentTypeEntry { label } } }
        contentTypeEntryCollection { items { label } } }`);
      expect(res.body.data).toEqual({
        entryCollection: {
          total: 5,
          items: [
            { __typename: 'Article', sys: { id: 'a1' }, title: 'One' },
            { __typename: 'Article', sys: { id: 'a2' }, title: 'Two' },
            { __typename: 'Article', sys: { id: 'a3' }, title: 'Three' },
            { __typename: 'Author', sys: { id: 'u1' }, name: 'Ann' },
            { __typename: 'ContentTypeEntry', sys: { id: 'x1' }, label: 'X' },
          ],
        },
        contentTypeEntryCollection: { items: [{ label: 'X' }] },
      });
    });

    it('orders by every sys key with the sys.id tie-break; default newest publishedAt first', async () => {
      const cases: Array<[string, string[]]> = [
        ['', ['a3', 'a1', 'u1', 'x1', 'a2']],
        ['order: [sys_id_ASC]', ['a1', 'a2', 'a3', 'u1', 'x1']],
        ['order: [sys_id_DESC]', ['x1', 'u1', 'a3', 'a2', 'a1']],
        ['order: [sys_publishedAt_ASC]', ['a2', 'u1', 'x1', 'a1', 'a3']],
        ['order: [sys_publishedAt_DESC]', ['a3', 'a1', 'u1', 'x1', 'a2']],
        ['order: [sys_firstPublishedAt_ASC]', ['a2', 'x1', 'a3', 'u1', 'a1']],
        ['order: [sys_firstPublishedAt_DESC]', ['a1', 'a3', 'u1', 'x1', 'a2']],
        ['order: [sys_publishedVersion_ASC]', ['a1', 'x1', 'a3', 'u1', 'a2']],
        ['order: [sys_publishedVersion_DESC]', ['a2', 'a3', 'u1', 'a1', 'x1']],
        ['order: [sys_publishedVersion_DESC, sys_id_DESC]', ['a2', 'u1', 'a3', 'x1', 'a1']],
      ];
      for (const [args, expected] of cases) expect(await ids(args || 'limit: 100'), args).toEqual(expected);
    });

    it('where: sys, tags metadata, AND and OR', async () => {
      const cases: Array<[string, string[]]> = [
        ['{ sys: { id_in: ["a1", "u1", "u2", "g1"] } }', ['a1', 'u1']],
        ['{ sys: { publishedAt_gte: "2024-01-02T00:00:00Z", id_not: "x1" } }', ['a1', 'a3', 'u1']],
        [`{ ${'M'}: { tags: { id_contains_some: ["red"] } } }`, ['a1', 'a2']],
        [`{ ${'M'}: { tags_exists: false } }`, ['a3', 'x1']],
        [
          `{ AND: [{ ${'M'}: { tags: { id_contains_some: ["red"] } } }, { ${'M'}: { tags: { id_contains_all: ["blue"] } } }] }`,
          ['a2'],
        ],
        [`{ OR: [{ sys: { id: "x1" } }, { ${'M'}: { tags: { id_contains_all: ["blue"] } } }] }`, ['a2', 'u1', 'x1']],
        [
          `{ sys: { publishedVersion_gt: 1 }, OR: [{ ${'M'}: { tags: { id_contains_none: ["blue"] } } }, { sys: { id: "u1" } }] }`,
          ['a3', 'u1'],
        ],
      ];
      for (const [where, expected] of cases) {
        expect(await ids(`where: ${where.replaceAll('M', m)}, order: [sys_id_ASC]`), where).toEqual(expected);
      }
    });

    it('skip, limit and total page the collection', async () => {
      const res = await ask(
        '{ entryCollection(skip: 1, limit: 2, order: [sys_id_ASC]) { skip limit total items { sys { id } } } }',
      );
      expect(res.body.data.entryCollection).toEqual({
        skip: 1,
        limit: 2,
        total: 5,
        items: [{ sys: { id: 'a2' } }, { sys: { id: 'a3' } }],
      });
      const zero = await ask(
        `{ entryCollection(limit: 0, where: { ${m}: { tags: { id_contains_some: ["red"] } } }) { limit total items { sys { id } } } }`,
      );
      expect(zero.body.data.entryCollection).toEqual({ limit: 0, total: 2, items: [] });
    });

    it('preview: true reads drafts with a preview token; a delivery token gets 401 ACCESS_TOKEN_INVALID', async () => {
      const res = await ask(
        `{ entryCollection(preview: true, order: [sys_id_ASC], where: { ${m}: { tags: { id_contains_some: ["red"] } } }) { total items { sys { id } } }
        all: entryCollection(preview: true, order: [sys_id_ASC]) { total items { ... on Article { title } ... on Author { name } } } }`,
        tokens.preview,
      );
      expect(res.body.data.entryCollection).toEqual({
        total: 3,
        items: [{ sys: { id: 'a1' } }, { sys: { id: 'a2' } }, { sys: { id: 'u2' } }],
      });
      expect(res.body.data.all).toEqual({
        total: 6,
        items: [{ title: 'One' }, { title: 'Two' }, { title: 'Three (draft)' }, { name: 'Ann' }, { name: 'Bob' }, {}],
      });
      const denied = await g.gql(spaceId, tokens.delivery, '{ entryCollection(preview: true) { total } }');
      expect([denied.status, g.code(denied)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    });

    it('locale cascades to fields and links beneath; useFallbackLocale: false stops the fallback', async () => {
      const res =
        await ask(`{ entryCollection(locale: "de-DE", where: { sys: { id_in: ["a1", "a2", "x1"] } }, order: [sys_id_ASC]) { items {
          sys { locale } ... on Article { title english: title(locale: "en-US") author { name } relatedCollection { items { ... on Author { name } ... on ContentTypeEntry { label } } } }
          ... on ContentTypeEntry { label } } }
        strict: entryCollection(locale: "de-DE", useFallbackLocale: false, where: { sys: { id_in: ["a1", "a2"] } }, order: [sys_id_ASC]) { items { ... on Article { title } } } }`);
      expect(res.body.data).toEqual({
        entryCollection: {
          items: [
            {
              sys: { locale: 'de-DE' },
              title: 'Eins',
              english: 'One',
              author: { name: 'Anna' },
              relatedCollection: { items: [{ name: 'Anna' }, { label: 'X' }] },
            },
            { sys: { locale: 'de-DE' }, title: 'Two', english: 'Two', author: null, relatedCollection: { items: [] } },
            { sys: { locale: 'de-DE' }, label: 'X' },
          ],
        },
        strict: { items: [{ title: 'Eins' }, { title: null }] },
      });
    });

    it('counts like the other collections: its limit times what is nested under its items', async () => {
      const res = await ask(`{ entryCollection(limit: 10) { items { ...Nested } } }
        fragment Nested on Article { author { sys { id } } relatedCollection(limit: 5) { items { sys { id } } } }`);
      expect(g.cost(res)).toBe(String(10 + 10 + 10 * 5));
      expect(g.cost(await ask('{ entryCollection { total } }'))).toBe('100');
    });

    it('gives the entries REST search without content_type gives, in the same order (published and draft)', async () => {
      const some = ['a1', 'a2', 'a3', 'u1', 'u2', 'x1'];
      const cases: Array<[string, string]> = [
        ['-sys.publishedAt', '[sys_publishedAt_DESC]'],
        ['sys.publishedAt', '[sys_publishedAt_ASC]'],
        ['sys.firstPublishedAt', '[sys_firstPublishedAt_ASC]'],
        ['-sys.firstPublishedAt', '[sys_firstPublishedAt_DESC]'],
        ['sys.publishedVersion', '[sys_publishedVersion_ASC]'],
        ['-sys.publishedVersion,-sys.id', '[sys_publishedVersion_DESC, sys_id_DESC]'],
        ['-sys.id', '[sys_id_DESC]'],
      ];
      for (const [restOrder, order] of cases) {
        const query = `sys.id[in]=${some.join(',')}&order=${restOrder}`;
        const published = g.ids(await api().get(`/spaces/${spaceId}/environments/master/public/entries?${query}`));
        expect(published.length, restOrder).toBe(5);
        expect(await ids(`where: { sys: { id_in: ${JSON.stringify(some)} } }, order: ${order}`), restOrder).toEqual(
          published,
        );
        const drafts = g.ids(await api().get(`/spaces/${spaceId}/environments/master/entries?${query}`));
        expect(drafts.length, restOrder).toBe(6);
        expect(
          await ids(
            `preview: true, where: { sys: { id_in: ${JSON.stringify(some)} } }, order: ${order}`,
            tokens.preview,
          ),
          restOrder,
        ).toEqual(drafts);
      }
    });

    it('_id is the sys.id of entries and assets, which implement _Node', async () => {
      const res = await ask(`{ entryCollection(order: [sys_id_ASC], limit: 2) { items { ... on _Node { _id } } }
        article(id: "a1") { _id } asset(id: "as1") { _id ... on _Node { __typename } } }`);
      expect(res.body.data).toEqual({
        entryCollection: { items: [{ _id: 'a1' }, { _id: 'a2' }] },
        article: { _id: 'a1' },
        asset: { _id: 'as1', __typename: 'Asset' },
      });
    });

    it('_node resolves an entry of the schema or an asset by id, in the asked state and locale; others are null', async () => {
      const res =
        await ask(`{ article: _node(id: "a1", locale: "de-DE") { __typename _id ... on Article { title author { name } } }
        asset: _node(id: "as1") { __typename _id ... on Asset { title german: title(locale: "de-DE") } }
        draft: _node(id: "u2") { _id } ghost: _node(id: "g1") { _id } missing: _node(id: "nope") { _id } }`);
      expect(res.body.data).toEqual({
        article: { __typename: 'Article', _id: 'a1', title: 'Eins', author: { name: 'Anna' } },
        asset: { __typename: 'Asset', _id: 'as1', title: 'Logo', german: 'Bild' },
        draft: null,
        ghost: null,
        missing: null,
      });
      const preview = await ask(
        '{ draft: _node(id: "a3", preview: true) { ... on Article { title } } new: _node(id: "u2", preview: true) { ... on Author { name } } }',
        tokens.preview,
      );
      expect(preview.body.data).toEqual({ draft: { title: 'Three (draft)' }, new: { name: 'Bob' } });
      const denied = await g.gql(spaceId, tokens.delivery, '{ _node(id: "u2", preview: true) { _id } }');
      expect([denied.status, g.code(denied)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    });

    it('_node counts one entity each and is batched: five take the statements of one', async () => {
      const one = '{ n0: _node(id: "a1") { _id } }';
      const five = `{ ${['a1', 'a2', 'u1', 'x1', 'as1'].map((id, i) => `n${i}: _node(id: "${id}") { _id }`).join(' ')} }`;
      expect(g.cost(await ask(one))).toBe('1');
      expect(g.cost(await ask(five))).toBe('5');
      const statements = (query: string) =>
        fewestStatements(api(), async () => {
          expect((await ask(query)).body.data.n0).toEqual({ _id: 'a1' });
        });
      expect(await statements(five)).toBe(await statements(one));
    });
  });
}
