import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer, type TestServer } from '../support/harness.ts';
import { fewestStatements, UNCACHED_RESPONSES } from '../support/statement-count.ts';
import { en, type EntryRow } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const TAGS = [
  ['red', 'Red', 'public'],
  ['blue', 'Blue', 'public'],
  ['green', 'Green', 'public'],
  ['secret', 'Secret', 'private'],
] as const;
const NAMES: Record<string, string> = { red: 'Red', blue: 'Blue', green: 'Green' };
const named = (ids: string[]) => ids.map((id) => ({ id, name: NAMES[id] }));

/** Items: published tags, and draft tags where they differ (i07 changed since publishing, i08 never published). */
const ITEMS: Array<[string, string[], string[]?]> = [
  ['i01', ['red']],
  ['i02', ['red', 'blue']],
  ['i03', ['blue']],
  ['i04', ['green', 'red', 'blue']],
  ['i05', []],
  ['i06', ['green']],
  ['i07', ['red'], ['blue', 'green']],
  ['i08', [], ['red']],
  ['i09', [], ['red']],
  ['i10', ['blue', 'green']],
];

function itemRows(): EntryRow[] {
  return ITEMS.map(([id, published, draft], i) => ({
    id,
    contentType: 'item',
    tags: draft ?? published,
    fields: { name: en(i % 2 ? 'B' : 'A'), count: en(i + 1), ...(id === 'i01' ? { related: en(link('n1')) } : {}) },
    published: id === 'i08' ? false : { tags: published },
  }));
}

/** A space with the tags (one private), items, notes carrying the private tag, and assets; its tokens. */
async function tagSpace(api: () => TestServer, name: string) {
  const g = graphqlFixtures(api);
  const spaceId = (await g.space(name)).id;
  for (const [id, tagName, visibility] of TAGS) {
    const res = await api().put(`/spaces/${spaceId}/tags/${id}`, { name: tagName, sys: { id, visibility } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  await g.contentType(spaceId, 'note', [{ id: 'title', type: 'Symbol' }]);
  await g.contentType(spaceId, 'item', [
    { id: 'name', type: 'Symbol' },
    { id: 'count', type: 'Integer' },
    { id: 'related', type: 'Link', linkType: 'Entry' },
  ]);
  await g.entries(spaceId, [
    { id: 'n1', contentType: 'note', fields: { title: en('one') }, tags: ['secret', 'red'], published: true },
    { id: 'n2', contentType: 'note', fields: { title: en('two') }, tags: ['secret'], published: true },
    { id: 'n3', contentType: 'note', fields: { title: en('three') }, published: true },
    ...itemRows(),
  ]);
  await g.assets(spaceId, [
    { id: 'a1', fields: { title: en('one') }, tags: ['green'], published: true },
    { id: 'a2', fields: { title: en('two') }, published: true },
    { id: 'a3', fields: { title: en('three') }, tags: ['secret', 'blue'], published: true },
    { id: 'a4', fields: { title: en('four') }, tags: ['red'], published: false },
  ]);
  return { spaceId, ...(await g.keys(spaceId)) };
}

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL tags metadata (<vendor>Metadata)`, () => {
    const api = useServer(kind, { env: UNCACHED_RESPONSES });
    const g = graphqlFixtures(api);
    let s: { spaceId: string; delivery: string; preview: string };
    let m: string;

    beforeAll(async () => {
      m = `${api().tessera.config.vendor.token}Metadata`;
      s = await tagSpace(api, 'Tags');
    });

    async function data(query: string, token = s.delivery) {
      const res = await g.gql(s.spaceId, token, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data;
    }
    const tagsOf = async (collection: string, args = '', token = s.delivery) =>
      Object.fromEntries(
        (
          (
            await data(
              `{ c: ${collection}(order: [sys_id_ASC]${args}) { items { sys { id } ${m} { tags { id name } } } } }`,
              token,
            )
          ).c.items as Array<{ sys: { id: string } } & Record<string, { tags: unknown }>>
        ).map((i) => [i.sys.id, i[m]!.tags]),
      );
    const ids = async (collection: string, where: string, token = s.delivery, preview = false) =>
      (
        (
          await data(
            `{ c: ${collection}(where: ${where.replaceAll('M:', `${m}:`)}, order: [sys_id_ASC], preview: ${preview}) { total items { sys { id } } } }`,
            token,
          )
        ).c.items as Array<{ sys: { id: string } }>
      ).map((i) => i.sys.id);
    const restIds = async (path: string, query: string) =>
      g.ids(await api().get(`/spaces/${s.spaceId}/environments/master/${path}?order=sys.id&limit=1000&${query}`));

    it('entries show their published tags with names, in their order; none gives an empty list', async () => {
      expect(await tagsOf('itemCollection')).toEqual({
        i01: named(['red']),
        i02: named(['red', 'blue']),
        i03: named(['blue']),
        i04: named(['green', 'red', 'blue']),
        i05: [],
        i06: named(['green']),
        i07: named(['red']),
        i09: [],
        i10: named(['blue', 'green']),
      });
      expect(await data(`{ item(id: "i04") { ${m} { tags { name } } } }`)).toEqual({
        item: { [m]: { tags: [{ name: 'Green' }, { name: 'Red' }, { name: 'Blue' }] } },
      });
    });

    it('preview shows the draft tags', async () => {
      const draft = await tagsOf('itemCollection', ', preview: true', s.preview);
      expect([draft.i07, draft.i08, draft.i09, draft.i01]).toEqual([
        named(['blue', 'green']),
        named(['red']),
        named(['red']),
        named(['red']),
      ]);
      expect(await data(`{ item(id: "i07", preview: true) { ${m} { tags { id } } } }`, s.preview)).toEqual({
        item: { [m]: { tags: [{ id: 'blue' }, { id: 'green' }] } },
      });
    });

    it('assets show their tags; the Entry interface and links carry the field too', async () => {
      expect(await tagsOf('assetCollection')).toEqual({ a1: named(['green']), a2: [], a3: named(['blue']) });
      expect((await tagsOf('assetCollection', ', preview: true', s.preview)).a4).toEqual(named(['red']));
      expect(await data(`{ asset(id: "a3") { ${m} { tags { id name } } } }`)).toEqual({
        asset: { [m]: { tags: named(['blue']) } },
      });
      const res = await data(`{ item(id: "i01") { related { __typename sys { id } ${m} { tags { id } } } } }`);
      expect(res).toEqual({
        item: { related: { __typename: 'Note', sys: { id: 'n1' }, [m]: { tags: [{ id: 'red' }] } } },
      });
    });

    it('private tags are not shown (delivery and preview) and filters see only public tags', async () => {
      expect(await tagsOf('noteCollection')).toEqual({ n1: named(['red']), n2: [], n3: [] });
      expect(await tagsOf('noteCollection', ', preview: true', s.preview)).toEqual({
        n1: named(['red']),
        n2: [],
        n3: [],
      });
      // The Management API sees the private tag on n1 and n2; these APIs do not.
      expect(await restIds('public/entries', 'content_type=note&metadata.tags.sys.id[in]=secret')).toEqual([
        'n1',
        'n2',
      ]);
      expect(await ids('noteCollection', '{ M: { tags: { id_contains_some: ["secret"] } } }')).toEqual([]);
      expect(await ids('noteCollection', '{ M: { tags: { id_contains_some: ["secret", "red"] } } }')).toEqual(['n1']);
      expect(await ids('noteCollection', '{ M: { tags: { id_contains_all: ["secret", "red"] } } }')).toEqual([]);
      expect(await ids('noteCollection', '{ M: { tags: { id_contains_none: ["secret"] } } }')).toEqual([
        'n1',
        'n2',
        'n3',
      ]);
      expect(await ids('noteCollection', '{ M: { tags_exists: true } }')).toEqual(['n1']);
      expect(await ids('noteCollection', '{ M: { tags_exists: false } }', s.preview, true)).toEqual(['n2', 'n3']);
      expect(await ids('assetCollection', '{ M: { tags: { id_contains_some: ["secret"] } } }')).toEqual([]);
    });

    it('each filter key, alone and together, gives what the REST search gives for the same tag conditions', async () => {
      const cases: Array<[string, string]> = [
        ['metadata.tags[exists]=true', '{ M: { tags_exists: true } }'],
        ['metadata.tags[exists]=false', '{ M: { tags_exists: false } }'],
        ['metadata.tags.sys.id[all]=red,blue', '{ M: { tags: { id_contains_all: ["red", "blue"] } } }'],
        ['metadata.tags.sys.id[in]=red,green', '{ M: { tags: { id_contains_some: ["red", "green"] } } }'],
        ['metadata.tags.sys.id[nin]=blue', '{ M: { tags: { id_contains_none: ["blue"] } } }'],
        [
          'metadata.tags[exists]=true&metadata.tags.sys.id[nin]=red',
          '{ M: { tags_exists: true, tags: { id_contains_none: ["red"] } } }',
        ],
        [
          'metadata.tags.sys.id[in]=red&fields.count[gte]=3',
          '{ count_gte: 3, M: { tags: { id_contains_some: ["red"] } } }',
        ],
        [
          'metadata.tags.sys.id[in]=red,blue&metadata.tags.sys.id[nin]=red',
          '{ AND: [{ M: { tags: { id_contains_some: ["red", "blue"] } } }, { M: { tags: { id_contains_none: ["red"] } } }] }',
        ],
      ];
      for (const [rest, where] of cases) {
        const expected = await restIds('public/entries', `content_type=item&${rest}`);
        expect(expected.length, rest).toBeGreaterThan(0);
        expect(await ids('itemCollection', where), where).toEqual(expected);
      }
      expect(await ids('itemCollection', '{ M: { tags: { id_contains_all: ["red", "blue"] } } }')).toEqual([
        'i02',
        'i04',
      ]);
      expect(
        await ids(
          'itemCollection',
          '{ OR: [{ M: { tags: { id_contains_all: ["green", "blue"] } } }, { name: "A", M: { tags_exists: false } }] }',
        ),
      ).toEqual(['i04', 'i05', 'i09', 'i10']);
      expect(await ids('itemCollection', '{ M: { tags: { id_contains_some: [], id_contains_all: [] } } }')).toEqual([]);
      expect(
        await ids('itemCollection', '{ M: { tags: { id_contains_none: [], id_contains_all: [] } } }'),
      ).toHaveLength(9);
    });

    it('preview filters the draft tags, as the REST draft search does', async () => {
      const expected = await restIds('entries', 'content_type=item&metadata.tags.sys.id[in]=red');
      expect(expected).toEqual(['i01', 'i02', 'i04', 'i08', 'i09']);
      expect(await ids('itemCollection', '{ M: { tags: { id_contains_some: ["red"] } } }', s.preview, true)).toEqual(
        expected,
      );
    });

    it('asset filters', async () => {
      expect(await ids('assetCollection', '{ M: { tags: { id_contains_some: ["green"] } } }')).toEqual(
        await restIds('public/assets', 'metadata.tags.sys.id[in]=green'),
      );
      expect(await ids('assetCollection', '{ M: { tags_exists: false } }')).toEqual(['a2']);
      expect(
        await ids('assetCollection', '{ OR: [{ M: { tags: { id_contains_all: ["blue"] } } }, { title: "one" }] }'),
      ).toEqual(['a1', 'a3']);
      expect(await ids('assetCollection', '{ M: { tags: { id_contains_some: ["red"] } } }', s.preview, true)).toEqual([
        'a4',
      ]);
    });

    it('metadata costs nothing in complexity', async () => {
      const plain = await g.gql(s.spaceId, s.delivery, '{ itemCollection(limit: 7) { items { sys { id } } } }');
      const tagged = await g.gql(
        s.spaceId,
        s.delivery,
        `{ itemCollection(limit: 7) { items { sys { id } ${m} { tags { id name } } } } }`,
      );
      expect(g.cost(tagged)).toBe(g.cost(plain));
      expect(g.cost(tagged)).toBe('7');
    });

    it('a renamed tag shows its new name at once', async () => {
      const res = await api().put(
        `/spaces/${s.spaceId}/tags/green`,
        { name: 'Verdant' },
        { headers: { [`${api().vendorPrefix}-Version`]: '1' } },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await tagsOf('itemCollection')).i06).toEqual([{ id: 'green', name: 'Verdant' }]);
    });
  });

  describe(`${kind}: GraphQL tags metadata under the vendor token contentful, without the read cache`, () => {
    const api = useServer(kind, { env: { TESSERA_API_VENDOR: 'contentful', TESSERA_READ_CACHE: '0' } });
    const g = graphqlFixtures(api);
    let s: { spaceId: string; delivery: string; preview: string };

    beforeAll(async () => {
      s = await tagSpace(api, 'Contentful tags');
      const more = Array.from({ length: 25 }, (_, i) => ({
        id: `x${String(i).padStart(2, '0')}`,
        contentType: 'item',
        fields: { name: en('X'), count: en(100 + i) },
        tags: ['blue', 'secret'],
        published: true,
      }));
      await g.entries(s.spaceId, more);
    });

    it('names the field and types as the reference does', async () => {
      const res = await g.gql(
        s.spaceId,
        s.delivery,
        `{ item(id: "i02") { contentfulMetadata { __typename tags { __typename id name } } }
        e: __type(name: "Entry") { fields { name type { ofType { name } } } }
        f: __type(name: "ItemFilter") { inputFields { name type { name } } }
        m: __type(name: "ContentfulMetadataFilter") { inputFields { name type { name } } }
        t: __type(name: "ContentfulMetadataTagsFilter") { inputFields { name } } }`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = res.body.data;
      expect(d.item.contentfulMetadata).toEqual({
        __typename: 'ContentfulMetadata',
        tags: [
          { __typename: 'ContentfulTag', id: 'red', name: 'Red' },
          { __typename: 'ContentfulTag', id: 'blue', name: 'Blue' },
        ],
      });
      expect(d.e.fields).toEqual(
        expect.arrayContaining([{ name: 'contentfulMetadata', type: { ofType: { name: 'ContentfulMetadata' } } }]),
      );
      expect(d.f.inputFields).toEqual(
        expect.arrayContaining([{ name: 'contentfulMetadata', type: { name: 'ContentfulMetadataFilter' } }]),
      );
      expect(d.m.inputFields).toEqual([
        { name: 'tags_exists', type: { name: 'Boolean' } },
        { name: 'tags', type: { name: 'ContentfulMetadataTagsFilter' } },
      ]);
      expect(d.t.inputFields.map((f: { name: string }) => f.name)).toEqual([
        'id_contains_all',
        'id_contains_some',
        'id_contains_none',
      ]);
      const filtered = await g.gql(
        s.spaceId,
        s.delivery,
        '{ itemCollection(where: { contentfulMetadata: { tags: { id_contains_all: ["green", "blue"] } } }, order: [sys_id_ASC]) { items { sys { id } } } }',
      );
      expect(filtered.body.data.itemCollection.items).toEqual([{ sys: { id: 'i04' } }, { sys: { id: 'i10' } }]);
    });

    /** Statements of one request, warm (see fewestStatements). */
    function statementsOf(query: string): Promise<number> {
      return fewestStatements(api(), async () => {
        const res = await g.gql(s.spaceId, s.delivery, query);
        expect(res.status).toBe(200);
        expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      });
    }

    it('one read of the tags per request, however many entities show tags or filters name them', async () => {
      const query = (limit: number, metadata: string, where = '{}') =>
        `{ itemCollection(limit: ${limit}, where: ${where}) { items { sys { id } ${metadata} related { sys { id } ${metadata} } } } assetCollection { items { sys { id } ${metadata} } } }`;
      const META = 'contentfulMetadata { tags { id name } }';
      const plain = await statementsOf(query(5, ''));
      expect(await statementsOf(query(5, META))).toBe(plain + 1);
      expect(await statementsOf(query(30, META))).toBe(plain + 1);
      const where = '{ contentfulMetadata: { tags: { id_contains_some: ["blue"] } } }';
      expect(await statementsOf(query(30, META, where))).toBe(plain + 1);
      expect(await statementsOf(query(30, '', where))).toBe(plain + 1);
    });
  });
}
