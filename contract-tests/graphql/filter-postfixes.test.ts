import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });
const doc = (text: string) => ({
  nodeType: 'document',
  data: {},
  content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: text, marks: [], data: {} }] }],
});

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL filter postfixes, sys filters, nested link filters and order`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    let preview: string;

    beforeAll(async () => {
      spaceId = (await g.space('Postfixes')).id;
      ({ delivery: token, preview } = await g.keys(spaceId));
      await g.contentType(spaceId, 'author', [
        { id: 'name', type: 'Symbol' },
        { id: 'age', type: 'Integer' },
        { id: 'ref', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post'] }] },
      ]);
      await g.contentType(spaceId, 'post', [
        { id: 'title', type: 'Symbol' },
        { id: 'body', type: 'Text' },
        { id: 'count', type: 'Integer' },
        { id: 'score', type: 'Number' },
        { id: 'day', type: 'Date' },
        { id: 'flag', type: 'Boolean' },
        { id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [] } },
        { id: 'place', type: 'Location' },
        { id: 'doc', type: 'RichText' },
        { id: 'meta', type: 'Object' },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['author'] }] },
        { id: 'anyLink', type: 'Link', linkType: 'Entry' },
        { id: 'image', type: 'Link', linkType: 'Asset' },
        { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } },
      ]);
      const fields = (f: Record<string, unknown>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, en(v)]));
      const post = (id: string, f: Record<string, unknown>, at: string, publishedVersion: number) => ({
        id,
        contentType: 'post',
        version: publishedVersion + 1,
        published: { at, version: publishedVersion },
        fields: fields(f),
      });
      await g.entries(spaceId, [
        { id: 'a1', contentType: 'author', published: true, fields: fields({ name: 'Ann', age: 30 }) },
        { id: 'a2', contentType: 'author', published: true, fields: fields({ name: 'Bob', age: 40 }) },
        { id: 'a3', contentType: 'author', published: false, fields: fields({ name: 'Cid', age: 50 }) },
        post(
          'p1',
          {
            title: 'Alpha',
            body: 'The Quick fox',
            count: 1,
            score: 1.5,
            day: '2024-01-01T00:00:00.000Z',
            flag: true,
            tags: ['a', 'b'],
            place: { lat: 52.52, lon: 13.4 },
            doc: doc('Hello World'),
            meta: { x: 1 },
            author: link('Entry', 'a1'),
            anyLink: link('Entry', 'a2'),
            image: link('Asset', 'img'),
            related: [link('Entry', 'a1')],
          },
          '2024-01-03T00:00:00.000Z',
          1,
        ),
        post(
          'p2',
          {
            title: 'Beta',
            body: 'slow dog',
            count: 2,
            score: 2.5,
            day: '2024-02-01T00:00:00.000Z',
            flag: false,
            tags: ['b'],
            place: { lat: 48.85, lon: 2.35 },
            doc: doc('goodbye moon'),
            author: link('Entry', 'a2'),
            related: [],
          },
          '2024-01-02T00:00:00.000Z',
          5,
        ),
        post(
          'p3',
          {
            title: 'Gamma',
            count: 3,
            score: 3.5,
            day: '2024-03-01T00:00:00.000Z',
            tags: ['c'],
            author: link('Entry', 'a3'),
            related: [link('Entry', 'a2'), link('Entry', 'a3')],
          },
          '2024-01-05T00:00:00.000Z',
          3,
        ),
        post('p4', { title: 'alpha', count: 2, flag: true }, '2024-01-04T00:00:00.000Z', 2),
      ]);
      // First publication earlier than the last one, in another order than sys.publishedAt.
      const first = {
        p1: '2023-01-01T00:00:00.000Z',
        p2: '2023-02-01T00:00:00.000Z',
        p3: '2023-03-01T00:00:00.000Z',
        p4: '2023-04-01T00:00:00.000Z',
      };
      for (const [id, at] of Object.entries(first)) {
        await api()
          .tessera.database.db.updateTable('entries')
          .set({ first_published_at: at } as never)
          .where('space_id', '=', spaceId)
          .where('id', '=', id)
          .execute();
      }
    });

    const run = async (where: string, order = '[sys_id_ASC]', asPreview = false) => {
      const res = await g.gql(
        spaceId,
        asPreview ? preview : token,
        `{ postCollection(where: ${where}, order: ${order}${asPreview ? ', preview: true' : ''}) { total items { sys { id } } } }`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors, `${where} ${JSON.stringify(res.body.errors)}`).toBeUndefined();
      const ids = (res.body.data.postCollection.items as Array<{ sys: { id: string } }>).map((i) => i.sys.id);
      expect(res.body.data.postCollection.total, where).toBe(ids.length);
      return ids;
    };
    const check = async (cases: Array<[string, string[]]>) => {
      for (const [where, expected] of cases) expect(await run(where), where).toEqual(expected);
    };
    const all = ['p1', 'p2', 'p3', 'p4'];

    it('Symbol and Text: equality, _not, _exists, _contains (case-insensitive), _not_contains, _in, _not_in', async () => {
      await check([
        ['{ title: "Alpha" }', ['p1']],
        ['{ title_not: "Alpha" }', ['p2', 'p3', 'p4']],
        ['{ title_exists: true }', all],
        ['{ title_contains: "ALP" }', ['p1', 'p4']],
        ['{ title_not_contains: "ALP" }', ['p2', 'p3']],
        ['{ title_in: ["Beta", "Gamma"] }', ['p2', 'p3']],
        ['{ title_not_in: ["Beta", "Gamma"] }', ['p1', 'p4']],
        ['{ body: "slow dog" }', ['p2']],
        ['{ body_not: "slow dog" }', ['p1', 'p3', 'p4']],
        ['{ body_exists: false }', ['p3', 'p4']],
        ['{ body_contains: "QUICK" }', ['p1']],
        ['{ body_not_contains: "quick" }', ['p2', 'p3', 'p4']],
        ['{ body_in: ["slow dog", "other"] }', ['p2']],
        ['{ body_not_in: ["slow dog"] }', ['p1', 'p3', 'p4']],
      ]);
    });

    it('Integer, Number and Date: every comparison, _in and _not_in (dates compared as instants)', async () => {
      await check([
        ['{ count: 2 }', ['p2', 'p4']],
        ['{ count_not: 2 }', ['p1', 'p3']],
        ['{ count_exists: true }', all],
        ['{ count_gt: 2 }', ['p3']],
        ['{ count_gte: 2 }', ['p2', 'p3', 'p4']],
        ['{ count_lt: 2 }', ['p1']],
        ['{ count_lte: 1 }', ['p1']],
        ['{ count_in: [1, 3] }', ['p1', 'p3']],
        ['{ count_not_in: [1, 3] }', ['p2', 'p4']],
        ['{ score: 2.5 }', ['p2']],
        ['{ score_not: 2.5 }', ['p1', 'p3', 'p4']],
        ['{ score_exists: false }', ['p4']],
        ['{ score_gt: 2 }', ['p2', 'p3']],
        ['{ score_gte: 2.5 }', ['p2', 'p3']],
        ['{ score_lt: 2.5 }', ['p1']],
        ['{ score_lte: 2.5 }', ['p1', 'p2']],
        ['{ score_in: [1.5, 3.5] }', ['p1', 'p3']],
        ['{ score_not_in: [1.5] }', ['p2', 'p3', 'p4']],
        ['{ day: "2024-02-01T00:00:00Z" }', ['p2']],
        ['{ day_not: "2024-02-01T00:00:00Z" }', ['p1', 'p3', 'p4']],
        ['{ day_exists: false }', ['p4']],
        ['{ day_gt: "2024-02-01T00:00:00Z" }', ['p3']],
        ['{ day_gte: "2024-02-01T00:00:00Z" }', ['p2', 'p3']],
        ['{ day_lt: "2024-02-01T00:00:00Z" }', ['p1']],
        ['{ day_lte: "2024-02-01T00:00:00Z" }', ['p1', 'p2']],
        ['{ day_in: ["2024-01-01T00:00:00.000Z", "2024-03-01T01:00:00+01:00"] }', ['p1', 'p3']],
        ['{ day_not_in: ["2024-01-01T02:00:00+02:00"] }', ['p2', 'p3', 'p4']],
      ]);
    });

    it('Boolean, Location and Array of Symbol', async () => {
      await check([
        ['{ flag: true }', ['p1', 'p4']],
        ['{ flag_not: true }', ['p2', 'p3']],
        ['{ flag_exists: false }', ['p3']],
        ['{ place_exists: true }', ['p1', 'p2']],
        ['{ place_exists: false }', ['p3', 'p4']],
        ['{ place_within_circle: { lat: 52.5, lon: 13.4, radius: 10 } }', ['p1']],
        ['{ place_within_circle: { lat: 50.7, lon: 7.9, radius: 1000 } }', ['p1', 'p2']],
        [
          '{ place_within_rectangle: { topLeftLat: 50, topLeftLon: 0, bottomRightLat: 40, bottomRightLon: 10 } }',
          ['p2'],
        ],
        ['{ tags_exists: true }', ['p1', 'p2', 'p3']],
        ['{ tags_exists: false }', ['p4']],
        ['{ tags_contains_all: ["a", "b"] }', ['p1']],
        ['{ tags_contains_all: ["b"] }', ['p1', 'p2']],
        ['{ tags_contains_some: ["a", "c"] }', ['p1', 'p3']],
        ['{ tags_contains_none: ["b"] }', ['p3', 'p4']],
      ]);
    });

    it('links: <field>_exists on single links (entry and asset)', async () => {
      await check([
        ['{ author_exists: true }', ['p1', 'p2', 'p3']],
        ['{ author_exists: false }', ['p4']],
        ['{ anyLink_exists: true }', ['p1']],
        ['{ image_exists: true }', ['p1']],
        ['{ image_exists: false }', ['p2', 'p3', 'p4']],
      ]);
    });

    it('arrays of links: <field>Collection_exists, an empty array counting as missing (as REST [exists] on arrays)', async () => {
      await check([
        ['{ relatedCollection_exists: true }', ['p1', 'p3']],
        ['{ relatedCollection_exists: false }', ['p2', 'p4']],
        ['{ OR: [{ relatedCollection_exists: false }, { title: "Gamma" }] }', ['p2', 'p3', 'p4']],
      ]);
    });

    it('nested filter of a single link validated to one type: one level deep, published targets only (drafts in preview)', async () => {
      await check([
        ['{ author: { name: "Ann" } }', ['p1']],
        ['{ author: { age_gte: 40 } }', ['p2']],
        ['{ author: { name_not: "Ann" } }', ['p2']],
        ['{ author: { name_contains: "OB" } }', ['p2']],
        ['{ author: { sys: { id: "a3" } } }', []],
        ['{ author: { sys: { id_in: ["a1", "a2"] } } }', ['p1', 'p2']],
        ['{ author: { OR: [{ name: "Ann" }, { name: "Bob" }] } }', ['p1', 'p2']],
        ['{ author: { age_lt: 45 }, count_gte: 2 }', ['p2']],
        ['{ OR: [{ author: { name: "Ann" } }, { title: "alpha" }] }', ['p1', 'p4']],
        ['{ author: {} }', ['p1', 'p2']],
      ]);
      expect(await run('{ author: { sys: { id: "a3" } } }', '[sys_id_ASC]', true)).toEqual(['p3']);
      expect(await run('{ author: { age_gt: 35 } }', '[sys_id_ASC]', true)).toEqual(['p2', 'p3']);
    });

    it('SysFilter: id, publishedAt, firstPublishedAt and publishedVersion with every postfix', async () => {
      await check([
        ['{ sys: { id: "p2" } }', ['p2']],
        ['{ sys: { id_not: "p2" } }', ['p1', 'p3', 'p4']],
        ['{ sys: { id_exists: true } }', all],
        ['{ sys: { id_exists: false } }', []],
        ['{ sys: { id_in: ["p1", "p3", "zz"] } }', ['p1', 'p3']],
        ['{ sys: { id_not_in: ["p1", "p3"] } }', ['p2', 'p4']],
        ['{ sys: { id_contains: "P3" } }', ['p3']],
        ['{ sys: { id_not_contains: "p3" } }', ['p1', 'p2', 'p4']],
        ['{ sys: { publishedAt: "2024-01-02T00:00:00.000Z" } }', ['p2']],
        ['{ sys: { publishedAt_not: "2024-01-02T00:00:00Z" } }', ['p1', 'p3', 'p4']],
        ['{ sys: { publishedAt_exists: true } }', all],
        ['{ sys: { publishedAt_exists: false } }', []],
        ['{ sys: { publishedAt_gt: "2024-01-03T00:00:00Z" } }', ['p3', 'p4']],
        ['{ sys: { publishedAt_gte: "2024-01-03T00:00:00Z" } }', ['p1', 'p3', 'p4']],
        ['{ sys: { publishedAt_lt: "2024-01-03T00:00:00Z" } }', ['p2']],
        ['{ sys: { publishedAt_lte: "2024-01-03T00:00:00Z" } }', ['p1', 'p2']],
        ['{ sys: { publishedAt_in: ["2024-01-02T01:00:00+01:00", "2024-01-05T00:00:00Z"] } }', ['p2', 'p3']],
        ['{ sys: { publishedAt_not_in: ["2024-01-02T00:00:00Z"] } }', ['p1', 'p3', 'p4']],
        ['{ sys: { firstPublishedAt: "2023-02-01T00:00:00Z" } }', ['p2']],
        ['{ sys: { firstPublishedAt_not: "2023-02-01T00:00:00Z" } }', ['p1', 'p3', 'p4']],
        ['{ sys: { firstPublishedAt_exists: true } }', all],
        ['{ sys: { firstPublishedAt_gt: "2023-02-01T00:00:00Z" } }', ['p3', 'p4']],
        ['{ sys: { firstPublishedAt_gte: "2023-03-01T00:00:00Z" } }', ['p3', 'p4']],
        ['{ sys: { firstPublishedAt_lt: "2023-03-01T00:00:00Z" } }', ['p1', 'p2']],
        ['{ sys: { firstPublishedAt_lte: "2023-02-01T00:00:00Z" } }', ['p1', 'p2']],
        ['{ sys: { firstPublishedAt_in: ["2023-01-01T00:00:00Z", "2023-04-01T00:00:00Z"] } }', ['p1', 'p4']],
        ['{ sys: { firstPublishedAt_not_in: ["2023-01-01T00:00:00Z"] } }', ['p2', 'p3', 'p4']],
        ['{ sys: { publishedVersion: 5 } }', ['p2']],
        ['{ sys: { publishedVersion_not: 5 } }', ['p1', 'p3', 'p4']],
        ['{ sys: { publishedVersion_exists: true } }', all],
        ['{ sys: { publishedVersion_gt: 2 } }', ['p2', 'p3']],
        ['{ sys: { publishedVersion_gte: 2 } }', ['p2', 'p3', 'p4']],
        ['{ sys: { publishedVersion_lt: 3 } }', ['p1', 'p4']],
        ['{ sys: { publishedVersion_lte: 3 } }', ['p1', 'p3', 'p4']],
        ['{ sys: { publishedVersion_in: [1, 5] } }', ['p1', 'p2']],
        ['{ sys: { publishedVersion_not_in: [1, 5] } }', ['p3', 'p4']],
        ['{ sys: { publishedVersion_gt: 2.5 } }', ['p2', 'p3']],
        ['{ sys: { publishedVersion_lt: 2.5 } }', ['p1', 'p4']],
        ['{ sys: { publishedVersion: 2.5 } }', []],
        ['{ sys: { publishedVersion_not: 2.5 } }', all],
        ['{ sys: { publishedVersion_in: [2.5, 3] } }', ['p3']],
        ['{ sys: { id_in: ["p1", "p2", "p3"], publishedVersion_gte: 3 } }', ['p2', 'p3']],
      ]);
    });

    it('AND and OR nest to any depth, with the implicit AND of sibling keys', async () => {
      await check([
        ['{ count_gte: 2, flag: true }', ['p4']],
        ['{ OR: [{ count: 1 }, { title: "Gamma" }] }', ['p1', 'p3']],
        ['{ AND: [{ count_gte: 2 }, { OR: [{ flag: true }, { title: "Beta" }] }] }', ['p2', 'p4']],
        ['{ OR: [{ AND: [{ count: 2 }, { flag: true }] }, { sys: { id: "p1" } }] }', ['p1', 'p4']],
        ['{ count_gte: 2, OR: [{ title: "Gamma" }, { title: "alpha" }] }', ['p3', 'p4']],
        ['{ OR: [{ OR: [{ title: "Beta" }] }, { AND: [{ AND: [{ tags_contains_some: ["c"] }] }] }] }', ['p2', 'p3']],
        ['{ AND: [] }', all],
      ]);
    });

    it('_contains needs at least 2 characters on every string kind; the error fails the collection and nothing else', async () => {
      for (const where of [
        '{ title_contains: "a" }',
        '{ body_not_contains: "q" }',
        '{ sys: { id_contains: "p" } }',
        '{ author: { name_contains: "A" } }',
      ]) {
        const res = await g.gql(
          spaceId,
          token,
          `{ postCollection(where: ${where}) { total } other: postCollection(limit: 1) { total } }`,
        );
        expect(res.status, where).toBe(200);
        expect(res.body.data.postCollection, where).toBeNull();
        expect(res.body.data.other.total).toBe(4);
        expect(g.code(res)).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(res.body.errors[0].message).toBe('The _contains filter needs at least 2 characters');
      }
    });

    it('the filter input names what can be filtered: nothing for Object or RichText, only _exists on arrays of links, a nested input without links', async () => {
      const fields = async (name: string) => {
        const res = await g.gql(
          spaceId,
          token,
          `{ __type(name: "${name}") { inputFields { name type { name kind ofType { name } } } } }`,
        );
        return new Map(
          (
            res.body.data.__type.inputFields as Array<{
              name: string;
              type: { name: string | null; ofType: { name: string } | null };
            }>
          ).map((f) => [f.name, f.type.name ?? f.type.ofType?.name]),
        );
      };
      const post = await fields('PostFilter');
      expect([...post.keys()].filter((k) => k.startsWith('meta') || k.startsWith('doc'))).toEqual([]);
      expect([...post.keys()].filter((k) => k.startsWith('related'))).toEqual(['relatedCollection_exists']);
      expect(post.get('relatedCollection_exists')).toBe('Boolean');
      expect(post.get('author')).toBe('PostAuthorFilter');
      expect(['anyLink', 'image', 'tags', 'place'].filter((k) => post.has(k))).toEqual([]);
      expect(['anyLink_exists', 'image_exists', 'author_exists'].every((k) => post.has(k))).toBe(true);
      const nested = await fields('PostAuthorFilter');
      expect([...nested.keys()].sort()).toEqual([
        'AND',
        'OR',
        'age',
        'age_exists',
        'age_gt',
        'age_gte',
        'age_in',
        'age_lt',
        'age_lte',
        'age_not',
        'age_not_in',
        'name',
        'name_contains',
        'name_exists',
        'name_in',
        'name_not',
        'name_not_contains',
        'name_not_in',
        'sys',
      ]);
      const sys = await fields('SysFilter');
      expect(sys.get('publishedVersion_gt')).toBe('Float');
      expect(sys.get('firstPublishedAt_in')).toBe('DateTime');
      expect(sys.size).toBe(7 + 9 * 3);
      // `author` of the author type links back to posts: its nested input stops there.
      expect((await fields('AuthorFilter')).get('ref')).toBe('AuthorRefFilter');
      expect((await fields('AuthorRefFilter')).has('author')).toBe(false);
      expect((await fields('AuthorRefFilter')).has('relatedCollection_exists')).toBe(false);
    });

    it('a nested filter name equal to another generated type name fails schema generation with COLLIDING_TYPE_NAMES', async () => {
      const s = (await g.space('Nested collision')).id;
      const t = (await g.keys(s)).delivery;
      await g.contentType(s, 'author', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(s, 'post', [
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['author'] }] },
      ]);
      await g.contentType(s, 'postAuthor', [{ id: 'name', type: 'Symbol' }]);
      const res = await g.gql(s, t, '{ __typename }');
      expect([res.status, g.code(res)]).toEqual([500, 'COLLIDING_TYPE_NAMES']);
      expect(res.body.errors[0].extensions[api().tessera.config.vendor.token].details).toEqual({
        collidingContentTypeIds: ['post', 'postAuthor'],
        resultingTypeName: 'PostAuthorFilter',
      });
    });

    it('order: orderable fields only, lists with tie-breaks, sys attributes, missing values last, the default order', async () => {
      const res = await g.gql(spaceId, token, '{ __type(name: "PostOrder") { enumValues { name } } }');
      const values = (res.body.data.__type.enumValues as Array<{ name: string }>).map((v) =>
        v.name.replace(/_(ASC|DESC)$/, ''),
      );
      expect([...new Set(values)].sort()).toEqual([
        'count',
        'day',
        'flag',
        'score',
        'sys_firstPublishedAt',
        'sys_id',
        'sys_publishedAt',
        'sys_publishedVersion',
        'title',
      ]);
      for (const value of ['body_ASC', 'place_ASC', 'tags_ASC', 'doc_ASC', 'meta_ASC', 'author_ASC', 'related_ASC']) {
        const r = await g.gql(spaceId, token, `{ postCollection(order: [${value}]) { total } }`);
        expect([r.status, g.code(r)], value).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      }
      const cases: Array<[string, string[]]> = [
        ['[count_DESC]', ['p3', 'p2', 'p4', 'p1']],
        ['[count_ASC]', ['p1', 'p2', 'p4', 'p3']],
        ['[count_ASC, sys_id_DESC]', ['p1', 'p4', 'p2', 'p3']],
        ['[count_ASC, title_DESC]', ['p1', 'p4', 'p2', 'p3']],
        ['[flag_ASC]', ['p2', 'p1', 'p4', 'p3']],
        ['[flag_DESC, sys_id_DESC]', ['p4', 'p1', 'p2', 'p3']],
        ['[score_DESC]', ['p3', 'p2', 'p1', 'p4']],
        ['[day_ASC]', ['p1', 'p2', 'p3', 'p4']],
        ['[title_ASC]', ['p1', 'p2', 'p3', 'p4']],
        ['[sys_publishedAt_ASC]', ['p2', 'p1', 'p4', 'p3']],
        ['[sys_publishedAt_DESC]', ['p3', 'p4', 'p1', 'p2']],
        ['[sys_firstPublishedAt_DESC]', ['p4', 'p3', 'p2', 'p1']],
        ['[sys_firstPublishedAt_ASC]', ['p1', 'p2', 'p3', 'p4']],
        ['[sys_publishedVersion_ASC]', ['p1', 'p4', 'p3', 'p2']],
        ['[sys_publishedVersion_DESC]', ['p2', 'p3', 'p4', 'p1']],
        ['[sys_id_DESC]', ['p4', 'p3', 'p2', 'p1']],
        ['[]', ['p3', 'p4', 'p1', 'p2']],
      ];
      for (const [order, expected] of cases) expect(await run('{}', order), order).toEqual(expected);
      const plain = await g.gql(spaceId, token, '{ postCollection(skip: 1, limit: 2) { items { sys { id } } } }');
      expect(plain.body.data.postCollection.items.map((i: { sys: { id: string } }) => i.sys.id)).toEqual(['p4', 'p1']);
    });
  });
}
