import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL filters and order`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;

    beforeAll(async () => {
      spaceId = (await g.space('Filters')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'item', [
        { id: 'name', type: 'Symbol' },
        { id: 'body', type: 'Text' },
        { id: 'count', type: 'Integer' },
        { id: 'score', type: 'Number' },
        { id: 'day', type: 'Date' },
        { id: 'flag', type: 'Boolean' },
        { id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [] } },
        { id: 'place', type: 'Location' },
        { id: 'title', type: 'Symbol', localized: true },
      ]);
      const row = (id: string, f: Record<string, unknown>, at: string) => ({
        id,
        contentType: 'item',
        published: { at },
        fields: Object.fromEntries(Object.entries(f).map(([k, v]) => [k, en(v)])),
      });
      await g.entries(spaceId, [
        row(
          'i1',
          {
            name: 'Alpha',
            body: 'The Quick fox',
            count: 1,
            score: 1.5,
            day: '2024-01-01T00:00:00.000Z',
            flag: true,
            tags: ['a', 'b'],
            place: { lat: 52.52, lon: 13.4 },
            title: 'x',
          },
          '2024-01-03T00:00:00.000Z',
        ),
        row(
          'i2',
          {
            name: 'Beta',
            body: 'slow dog',
            count: 2,
            score: 2.5,
            day: '2024-02-01T00:00:00.000Z',
            flag: false,
            tags: ['b'],
            place: { lat: 48.85, lon: 2.35 },
          },
          '2024-01-02T00:00:00.000Z',
        ),
        row(
          'i3',
          { name: 'Gamma', count: 3, score: 3.5, day: '2024-03-01T00:00:00.000Z', tags: ['c'] },
          '2024-01-05T00:00:00.000Z',
        ),
        row('i4', { name: 'alpha', count: 2, flag: true }, '2024-01-04T00:00:00.000Z'),
      ]);
    });

    const ids = async (where: string, order = '[sys_id_ASC]') => {
      const res = await g.gql(
        spaceId,
        token,
        `{ itemCollection(where: ${where}, order: ${order}) { items { sys { id } } } }`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return (res.body.data.itemCollection.items as Array<{ sys: { id: string } }>).map((i) => i.sys.id);
    };

    it('every postfix on the field types it names', async () => {
      const cases: Array<[string, string[]]> = [
        ['{ name: "Alpha" }', ['i1']],
        ['{ name_not: "Alpha" }', ['i2', 'i3', 'i4']],
        ['{ body_exists: false }', ['i3', 'i4']],
        ['{ name_contains: "ALP" }', ['i1', 'i4']],
        ['{ name_not_contains: "ALP" }', ['i2', 'i3']],
        ['{ body_contains: "quick" }', ['i1']],
        ['{ name_in: ["Beta", "Gamma"] }', ['i2', 'i3']],
        ['{ name_not_in: ["Beta", "Gamma"] }', ['i1', 'i4']],
        ['{ count: 2 }', ['i2', 'i4']],
        ['{ count_gt: 2 }', ['i3']],
        ['{ count_gte: 2 }', ['i2', 'i3', 'i4']],
        ['{ count_lt: 2 }', ['i1']],
        ['{ count_lte: 1 }', ['i1']],
        ['{ count_in: [1, 3] }', ['i1', 'i3']],
        ['{ count_not_in: [1, 3] }', ['i2', 'i4']],
        ['{ count_not: 2 }', ['i1', 'i3']],
        ['{ score_gt: 2 }', ['i2', 'i3']],
        ['{ score_lte: 2.5 }', ['i1', 'i2']],
        ['{ score_exists: true }', ['i1', 'i2', 'i3']],
        ['{ day_gte: "2024-02-01T00:00:00Z" }', ['i2', 'i3']],
        ['{ day_lt: "2024-02-01T01:00:00+02:00" }', ['i1']],
        ['{ day_lt: "2024-02-01T01:00:00-02:00" }', ['i1', 'i2']],
        ['{ day_in: ["2024-03-01T00:00:00.000Z"] }', ['i3']],
        ['{ flag: true }', ['i1', 'i4']],
        ['{ flag_not: true }', ['i2', 'i3']],
        ['{ flag_exists: false }', ['i3']],
        ['{ tags_contains_all: ["a", "b"] }', ['i1']],
        ['{ tags_contains_some: ["a", "c"] }', ['i1', 'i3']],
        ['{ tags_contains_none: ["b"] }', ['i3', 'i4']],
        ['{ tags_exists: false }', ['i4']],
        ['{ place_within_circle: { lat: 52.5, lon: 13.4, radius: 10 } }', ['i1']],
        [
          '{ place_within_rectangle: { topLeftLat: 50, topLeftLon: 0, bottomRightLat: 40, bottomRightLon: 10 } }',
          ['i2'],
        ],
        ['{ place_exists: true }', ['i1', 'i2']],
        ['{ title_exists: true }', ['i1']],
        ['{ sys: { id: "i2" } }', ['i2']],
        ['{ sys: { id_not: "i2" } }', ['i1', 'i3', 'i4']],
        ['{ sys: { id_in: ["i1", "i3"] } }', ['i1', 'i3']],
        ['{ sys: { id_not_in: ["i1", "i3"] } }', ['i2', 'i4']],
        ['{ sys: { id_contains: "I3" } }', ['i3']],
        ['{ sys: { id_not_contains: "i3" } }', ['i1', 'i2', 'i4']],
        ['{ count_gte: 2, flag: true }', ['i4']],
        ['{ OR: [{ count: 1 }, { name: "Gamma" }] }', ['i1', 'i3']],
        ['{ AND: [{ count_gte: 2 }, { OR: [{ flag: true }, { name: "Beta" }] }] }', ['i2', 'i4']],
      ];
      for (const [where, expected] of cases) expect(await ids(where), where).toEqual(expected);
    });

    it('_contains needs at least 2 characters', async () => {
      const res = await g.gql(spaceId, token, '{ itemCollection(where: { name_contains: "a" }) { total } }');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ itemCollection: null });
      expect(g.code(res)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(res.body.errors[0].message).toBe('The _contains filter needs at least 2 characters');
    });

    it('filters are typed by field: a string for an Integer is a validation error; Text, Object and Location have no order', async () => {
      const res = await g.gql(spaceId, token, '{ itemCollection(where: { count: "2" }) { total } }');
      expect([res.status, g.code(res)]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      for (const value of ['body_ASC', 'place_ASC', 'tags_ASC']) {
        const r = await g.gql(spaceId, token, `{ itemCollection(order: [${value}]) { total } }`);
        expect([r.status, g.code(r)], value).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      }
    });

    it('order: lists with tie-breaks, descending, and the default sys.publishedAt DESC then sys.id', async () => {
      expect(await ids('{}', '[count_DESC]')).toEqual(['i3', 'i2', 'i4', 'i1']);
      expect(await ids('{}', '[count_ASC, name_DESC]')).toEqual(['i1', 'i4', 'i2', 'i3']);
      expect(await ids('{}', '[flag_ASC, sys_id_DESC]')).toEqual(['i2', 'i4', 'i1', 'i3']);
      expect(await ids('{}', '[day_DESC]')).toEqual(['i3', 'i2', 'i1', 'i4']);
      expect(await ids('{}', '[]')).toEqual(['i3', 'i4', 'i1', 'i2']);
      const res = await g.gql(spaceId, token, '{ itemCollection { items { sys { id } } } }');
      expect(res.body.data.itemCollection.items.map((i: { sys: { id: string } }) => i.sys.id)).toEqual([
        'i3',
        'i4',
        'i1',
        'i2',
      ]);
    });

    it('parity: the same conditions through REST search (public/entries) and GraphQL where return the same entries', async () => {
      const pairs: Array<[string, string]> = [
        ['fields.count[gte]=2&fields.flag=true', '{ count_gte: 2, flag: true }'],
        ['fields.name[in]=Beta,Gamma', '{ name_in: ["Beta", "Gamma"] }'],
        ['fields.score[lt]=3&fields.day[gte]=2024-01-15T00:00:00Z', '{ score_lt: 3, day_gte: "2024-01-15T00:00:00Z" }'],
        ['fields.tags[all]=a,b', '{ tags_contains_all: ["a", "b"] }'],
        ['fields.tags[nin]=b', '{ tags_contains_none: ["b"] }'],
        ['fields.body[exists]=false', '{ body_exists: false }'],
        ['fields.name[ne]=Alpha&sys.id[nin]=i3', '{ name_not: "Alpha", sys: { id_not_in: ["i3"] } }'],
        [
          'fields.place[within]=40,0,50,10',
          '{ place_within_rectangle: { topLeftLat: 50, topLeftLon: 0, bottomRightLat: 40, bottomRightLon: 10 } }',
        ],
      ];
      for (const [rest, where] of pairs) {
        const res = await api().get(`/spaces/${spaceId}/public/entries?content_type=item&order=sys.id&${rest}`);
        const restIds = g.ids(res);
        expect(restIds.length, rest).toBeGreaterThan(0);
        expect(await ids(where), `${rest} vs ${where}`).toEqual(restIds);
      }
    });
  });
}
