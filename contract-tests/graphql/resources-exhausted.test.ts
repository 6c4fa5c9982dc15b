import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

/**
 * A request draws on a budget of database operations (TESSERA_GRAPHQL_MAX_OPERATIONS; 3 here): the fields that
 * still need data once it is spent fail on their own path with RESOURCES_EXHAUSTED (HTTP 200, partial data).
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL RESOURCES_EXHAUSTED`, () => {
    const api = useServer(kind, { env: { TESSERA_GRAPHQL_MAX_OPERATIONS: '3' } });
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;

    beforeAll(async () => {
      spaceId = (await g.space('Budget')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'page', [
        { id: 'title', type: 'Symbol' },
        { id: 'parent', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['page'] }] },
      ]);
      await g.entries(spaceId, [
        {
          id: 'p1',
          contentType: 'page',
          fields: { title: { 'en-US': 'Home' } },
          published: { at: '2024-03-01T00:00:00.000Z' },
        },
        {
          id: 'p2',
          contentType: 'page',
          fields: { title: { 'en-US': 'About' }, parent: { 'en-US': link('p1') } },
          published: { at: '2024-02-01T00:00:00.000Z' },
        },
        {
          id: 'p3',
          contentType: 'page',
          fields: { title: { 'en-US': 'Team' }, parent: { 'en-US': link('p2') } },
          published: { at: '2024-01-01T00:00:00.000Z' },
        },
        {
          id: 'p4',
          contentType: 'page',
          fields: { title: { 'en-US': 'Staff' }, parent: { 'en-US': link('p3') } },
          published: { at: '2023-12-01T00:00:00.000Z' },
        },
      ]);
    });

    it('answers within the budget: one batch per level, whatever the number of items (one load per link would need 4: 1 + 3)', async () => {
      const res = await g.gql(
        spaceId,
        token,
        '{ pageCollection(order: [sys_id_ASC]) { items { title parent { title parent { title } } } } }',
      );
      expect(res.body).toEqual({
        data: {
          pageCollection: {
            items: [
              { title: 'Home', parent: null },
              { title: 'About', parent: { title: 'Home', parent: null } },
              { title: 'Team', parent: { title: 'About', parent: { title: 'Home' } } },
              { title: 'Staff', parent: { title: 'Team', parent: { title: 'About' } } },
            ],
          },
        },
      });
    });

    it('past the budget, the paths that still need data fail with RESOURCES_EXHAUSTED and the rest stands', async () => {
      const res = await g.gql(
        spaceId,
        token,
        '{ a: page(id: "p1") { title } b: page(id: "p2") { title } c: page(id: "p1") { title } d: page(id: "p2") { title } }',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ a: { title: 'Home' }, b: { title: 'About' }, c: { title: 'Home' }, d: null });
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0]).toMatchObject({
        message: 'Query execution error. Query too complex to be executed in allocated resources',
        path: ['d'],
        extensions: {
          [api().tessera.config.vendor.token]: { code: 'RESOURCES_EXHAUSTED', details: { maximumOperations: 3 } },
        },
      });
    });
  });
}
