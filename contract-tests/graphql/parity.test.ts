import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { en, type EntryRow } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const pad = (n: number) => String(n).padStart(2, '0');

/** 40 items with values spread so most conditions keep some and drop some; some values missing, some entries drafts. */
function items(): EntryRow[] {
  const rows: EntryRow[] = [];
  for (let i = 1; i <= 40; i += 1) {
    const f: Record<string, unknown> = {};
    if (i % 11 !== 0) f.name = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'][i % 5];
    if (i % 6 !== 0) f.count = i % 7;
    f.score = ((i * 37) % 100) / 10;
    f.day = `2024-01-${pad(1 + (i % 28))}T${pad(i % 24)}:00:00.000Z`;
    if (i % 3 !== 2) f.flag = i % 3 === 0;
    const tags = ['a', 'b', 'c'].filter((_, bit) => (i % 8) & (1 << bit));
    if (tags.length) f.tags = tags;
    if (i % 4 === 0) f.place = { lat: 52 + (i % 10) / 10, lon: 13 + (i % 7) / 10 };
    if (i % 4 === 1) f.place = { lat: 48.85, lon: 2.35 + (i % 5) / 10 };
    if (i % 5 !== 0) f.owner = link(`p${i % 4}`);
    if (i % 3 === 0) f.related = i % 2 ? [] : [link(`p${i % 4}`), link('e01')];
    const at = `2024-02-${pad(1 + ((i * 7) % 28))}T00:00:00.000Z`;
    rows.push({
      id: `e${pad(i)}`,
      contentType: 'item',
      fields: Object.fromEntries(Object.entries(f).map(([k, v]) => [k, en(v)])),
      version: 2 + (i % 4),
      published: i % 9 === 0 ? false : { at, version: 1 + (i % 4) },
    });
  }
  return rows;
}

for (const kind of DB_KINDS) {
  describe(`${kind}: REST published search and GraphQL where/order give the same entries in the same order`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;

    beforeAll(async () => {
      spaceId = (await g.space('Parity')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'person', [
        { id: 'name', type: 'Symbol' },
        { id: 'age', type: 'Integer' },
      ]);
      await g.contentType(spaceId, 'item', [
        { id: 'name', type: 'Symbol' },
        { id: 'count', type: 'Integer' },
        { id: 'score', type: 'Number' },
        { id: 'day', type: 'Date' },
        { id: 'flag', type: 'Boolean' },
        { id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [] } },
        { id: 'place', type: 'Location' },
        { id: 'owner', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } },
      ]);
      await g.entries(spaceId, [
        ...[0, 1, 2, 3].map((n) => ({
          id: `p${n}`,
          contentType: 'person',
          published: n !== 3,
          fields: { name: en(['Ann', 'Bob', 'Cid', 'Dee'][n]), age: en(20 + n * 10) },
        })),
        ...items(),
      ]);
      for (let i = 1; i <= 40; i += 1) {
        await api()
          .tessera.database.db.updateTable('entries')
          .set({ first_published_at: `2023-03-${pad(1 + ((i * 5) % 28))}T00:00:00.000Z` } as never)
          .where('space_id', '=', spaceId)
          .where('id', '=', `e${pad(i)}`)
          .where('published_version', 'is not', null)
          .execute();
      }
      const file = (i: number) => ({
        url: `//images.example/${spaceId}/a${i}/k/f${i}.${i % 2 ? 'png' : 'pdf'}`,
        fileName: `f${i}.${i % 2 ? 'png' : 'pdf'}`,
        contentType: i % 2 ? 'image/png' : 'application/pdf',
        details: { size: (i * 733) % 5000, ...(i % 2 ? { image: { width: (i * 97) % 900, height: 10 * i } } : {}) },
      });
      await g.assets(
        spaceId,
        Array.from({ length: 12 }, (_, k) => ({
          id: `a${pad(k + 1)}`,
          fields: { title: en(`Asset ${k % 4}`), ...(k % 5 === 4 ? {} : { file: en(file(k + 1)) }) },
          published: k === 6 ? false : { at: `2024-03-${pad(1 + ((k * 3) % 5))}T00:00:00.000Z` },
        })),
      );
    });

    const graphqlIds = async (collection: string, where: string, order: string) => {
      const res = await g.gql(
        spaceId,
        token,
        `{ c: ${collection}(where: ${where}, order: ${order}, limit: 1000) { total items { sys { id } } } }`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      const ids = (res.body.data.c.items as Array<{ sys: { id: string } }>).map((i) => i.sys.id);
      expect(res.body.data.c.total).toBe(ids.length);
      return ids;
    };

    it('entries: field, sys and reference conditions, with orders and tie-breaks', async () => {
      const cases: Array<[string, string, string, string]> = [
        ['fields.count[gte]=3&fields.flag=true', '{ count_gte: 3, flag: true }', 'sys.id', '[sys_id_ASC]'],
        ['fields.name[in]=Ann,Cid', '{ name_in: ["Ann", "Cid"] }', '-fields.count,sys.id', '[count_DESC, sys_id_ASC]'],
        [
          'fields.name[nin]=Ann,Cid',
          '{ name_not_in: ["Ann", "Cid"] }',
          'fields.name,-sys.id',
          '[name_ASC, sys_id_DESC]',
        ],
        ['fields.name[ne]=Bob', '{ name_not: "Bob" }', 'fields.day', '[day_ASC]'],
        ['fields.name[exists]=false', '{ name_exists: false }', 'sys.id', '[sys_id_ASC]'],
        ['fields.count[ne]=3', '{ count_not: 3 }', '-fields.score', '[score_DESC]'],
        ['fields.count[exists]=false', '{ count_exists: false }', 'sys.id', '[sys_id_ASC]'],
        ['fields.count[in]=1,2,6', '{ count_in: [1, 2, 6] }', 'fields.count,fields.name', '[count_ASC, name_ASC]'],
        ['fields.count[nin]=1,2', '{ count_not_in: [1, 2] }', '-fields.flag,fields.count', '[flag_DESC, count_ASC]'],
        [
          'fields.score[lt]=5&fields.day[gte]=2024-01-10T00:00:00Z',
          '{ score_lt: 5, day_gte: "2024-01-10T00:00:00Z" }',
          '-fields.day',
          '[day_DESC]',
        ],
        [
          'fields.score[gt]=2.5&fields.score[lte]=7.4',
          '{ score_gt: 2.5, score_lte: 7.4 }',
          'fields.score',
          '[score_ASC]',
        ],
        [
          'fields.day[lt]=2024-01-15T12:00:00%2B02:00',
          '{ day_lt: "2024-01-15T12:00:00+02:00" }',
          'sys.id',
          '[sys_id_ASC]',
        ],
        [
          'fields.day[in]=2024-01-02T01:00:00Z,2024-01-05T04:00:00Z',
          '{ day_in: ["2024-01-02T01:00:00Z", "2024-01-05T04:00:00Z"] }',
          'sys.id',
          '[sys_id_ASC]',
        ],
        ['fields.flag[ne]=true', '{ flag_not: true }', 'fields.flag', '[flag_ASC]'],
        ['fields.tags[all]=a,b', '{ tags_contains_all: ["a", "b"] }', 'sys.id', '[sys_id_ASC]'],
        ['fields.tags[in]=a,c', '{ tags_contains_some: ["a", "c"] }', 'sys.id', '[sys_id_ASC]'],
        ['fields.tags[nin]=b', '{ tags_contains_none: ["b"] }', 'sys.id', '[sys_id_ASC]'],
        ['fields.tags[exists]=false', '{ tags_exists: false }', 'sys.id', '[sys_id_ASC]'],
        [
          'fields.place[within]=40,0,50,10',
          '{ place_within_rectangle: { topLeftLat: 50, topLeftLon: 0, bottomRightLat: 40, bottomRightLon: 10 } }',
          'sys.id',
          '[sys_id_ASC]',
        ],
        [
          'fields.place[within]=52.5,13.3,40',
          '{ place_within_circle: { lat: 52.5, lon: 13.3, radius: 40 } }',
          'sys.id',
          '[sys_id_ASC]',
        ],
        ['fields.place[exists]=true', '{ place_exists: true }', '-sys.publishedAt', '[sys_publishedAt_DESC]'],
        ['sys.id[in]=e03,e05,e09,e30', '{ sys: { id_in: ["e03", "e05", "e09", "e30"] } }', 'sys.id', '[sys_id_ASC]'],
        ['sys.id[nin]=e01,e02', '{ sys: { id_not_in: ["e01", "e02"] } }', 'sys.publishedAt', '[sys_publishedAt_ASC]'],
        [
          'sys.publishedAt[gte]=2024-02-15T00:00:00Z',
          '{ sys: { publishedAt_gte: "2024-02-15T00:00:00Z" } }',
          '-sys.publishedAt',
          '[sys_publishedAt_DESC]',
        ],
        [
          'sys.firstPublishedAt[lt]=2023-03-12T00:00:00Z',
          '{ sys: { firstPublishedAt_lt: "2023-03-12T00:00:00Z" } }',
          '-sys.firstPublishedAt',
          '[sys_firstPublishedAt_DESC]',
        ],
        [
          'sys.publishedVersion[gt]=2',
          '{ sys: { publishedVersion_gt: 2 } }',
          'sys.publishedVersion,-fields.name',
          '[sys_publishedVersion_ASC, name_DESC]',
        ],
        [
          'sys.publishedVersion[in]=1,4',
          '{ sys: { publishedVersion_in: [1, 4] } }',
          '-sys.publishedVersion',
          '[sys_publishedVersion_DESC]',
        ],
        ['fields.owner[exists]=true', '{ owner_exists: true }', 'sys.id', '[sys_id_ASC]'],
        ['fields.owner[exists]=false', '{ owner_exists: false }', 'sys.id', '[sys_id_ASC]'],
        ['fields.related[exists]=true', '{ relatedCollection_exists: true }', 'sys.id', '[sys_id_ASC]'],
        ['fields.related[exists]=false', '{ relatedCollection_exists: false }', '-fields.count', '[count_DESC]'],
        [
          'fields.owner.sys.contentType.sys.id=person&fields.owner.fields.age[gte]=30',
          '{ owner: { age_gte: 30 } }',
          'sys.id',
          '[sys_id_ASC]',
        ],
        [
          'fields.owner.sys.contentType.sys.id=person&fields.owner.fields.name=Ann&fields.count[gt]=2',
          '{ owner: { name: "Ann" }, count_gt: 2 }',
          '-fields.count',
          '[count_DESC]',
        ],
        [
          'fields.owner.sys.contentType.sys.id=person&fields.owner.sys.id=p2',
          '{ owner: { sys: { id: "p2" } } }',
          'sys.id',
          '[sys_id_ASC]',
        ],
        [
          'fields.owner.sys.contentType.sys.id=person&fields.owner.fields.age[nin]=20,30',
          '{ owner: { age_not_in: [20, 30] } }',
          'sys.id',
          '[sys_id_ASC]',
        ],
      ];
      for (const [rest, where, restOrder, order] of cases) {
        const restIds = g.ids(
          await api().get(
            `/spaces/${spaceId}/environments/master/public/entries?content_type=item&limit=1000&order=${restOrder}&${rest}`,
          ),
        );
        expect(restIds.length, rest).toBeGreaterThan(0);
        expect(restIds.length, rest).toBeLessThan(36);
        expect(await graphqlIds('itemCollection', where, order), `${rest} vs ${where}`).toEqual(restIds);
      }
    });

    it('assets: file attributes, title and sys', async () => {
      const cases: Array<[string, string, string, string]> = [
        ['fields.file.details.size[gt]=1500', '{ size_gt: 1500 }', 'fields.file.details.size', '[size_ASC]'],
        [
          'fields.file.contentType=image/png',
          '{ contentType: "image/png" }',
          '-fields.file.details.image.width',
          '[width_DESC]',
        ],
        [
          'fields.file.details.image.height[lte]=70',
          '{ height_lte: 70 }',
          'fields.file.details.image.height',
          '[height_ASC]',
        ],
        [
          'fields.file.fileName[in]=f1.png,f4.pdf,f9.png',
          '{ fileName_in: ["f1.png", "f4.pdf", "f9.png"] }',
          '-fields.file.fileName',
          '[fileName_DESC]',
        ],
        ['fields.file[exists]=false', '{ url_exists: false }', 'sys.id', '[sys_id_ASC]'],
        [
          'fields.title=Asset%201',
          '{ title: "Asset 1" }',
          '-sys.publishedAt,fields.file.url',
          '[sys_publishedAt_DESC, url_ASC]',
        ],
        [
          'sys.id[nin]=a01,a02&fields.file.details.size[lt]=3000',
          '{ sys: { id_not_in: ["a01", "a02"] }, size_lt: 3000 }',
          'fields.file.contentType,-sys.id',
          '[contentType_ASC, sys_id_DESC]',
        ],
      ];
      for (const [rest, where, restOrder, order] of cases) {
        const restIds = g.ids(
          await api().get(`/spaces/${spaceId}/environments/master/public/assets?limit=1000&order=${restOrder}&${rest}`),
        );
        expect(restIds.length, rest).toBeGreaterThan(0);
        expect(await graphqlIds('assetCollection', where, order), `${rest} vs ${where}`).toEqual(restIds);
      }
    });
  });
}
