import { beforeAll, describe, expect, it } from 'vitest';
import { entryLink } from '../support/content-fixtures.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const en = (v: unknown) => ({ 'en-US': v });

/**
 * Collection `limit` is 0..1000 and `skip` at least 0 (the spec's maximum is 1000): values outside fail the field's
 * path with GRAPHQL_VALIDATION_FAILED (as `_contains` and image options do) instead of being clamped; `limit: 0`
 * answers `total` without items, as REST search does.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL collection limit and skip`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    const ask = (query: string, variables?: unknown) => g.gql(spaceId, token, query, variables);
    const vendor = () => api().tessera.config.vendor.token;

    beforeAll(async () => {
      spaceId = (await g.space('Paging')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'post', [
        { id: 'title', type: 'Symbol' },
        {
          id: 'kids',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post'] }] },
        },
      ]);
      await g.entries(spaceId, [
        { id: 'p1', contentType: 'post', published: true, fields: { title: en('One') } },
        {
          id: 'p2',
          contentType: 'post',
          published: true,
          fields: { title: en('Two'), kids: en([entryLink('p1'), entryLink('p1')]) },
        },
      ]);
    });

    it('refuses limit above 1000 or below 0 and a negative skip on the field path, on every kind of collection', async () => {
      const fields = [
        ['postCollection', (args: string) => `{ postCollection(${args}) { total } }`, ['postCollection']],
        ['entryCollection', (args: string) => `{ entryCollection(${args}) { total } }`, ['entryCollection']],
        ['assetCollection', (args: string) => `{ assetCollection(${args}) { total } }`, ['assetCollection']],
        [
          'kidsCollection',
          (args: string) => `{ post(id: "p2") { title kidsCollection(${args}) { total } } }`,
          ['post', 'kidsCollection'],
        ],
        [
          'linkedFrom',
          (args: string) => `{ post(id: "p1") { linkedFrom { postCollection(${args}) { total } } } }`,
          ['post', 'linkedFrom', 'postCollection'],
        ],
      ] as const;
      const cases = [
        [
          'limit: 1001',
          'limit',
          1001,
          'The value provided for "limit" is invalid. Please provide a valid number value between 0 and 1000.',
        ],
        [
          'limit: -1',
          'limit',
          -1,
          'The value provided for "limit" is invalid. Please provide a valid number value between 0 and 1000.',
        ],
        [
          'skip: -1',
          'skip',
          -1,
          'The value provided for "skip" is invalid. Please provide a valid number value of at least 0.',
        ],
      ] as const;
      for (const [name, query, path] of fields) {
        for (const [args, argument, value, message] of cases) {
          const res = await ask(query(args));
          expect(res.status, `${name} ${args}: ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body.errors, `${name} ${args}`).toHaveLength(1);
          expect(res.body.errors[0], `${name} ${args}`).toMatchObject({
            message,
            path,
            extensions: { [vendor()]: { code: 'GRAPHQL_VALIDATION_FAILED', details: { argument, value } } },
          });
        }
      }
      const variable = await ask('query($l: Int) { postCollection(limit: $l) { total } }', { l: 5000 });
      expect(variable.body.errors[0]).toMatchObject({
        path: ['postCollection'],
        extensions: { [vendor()]: { details: { argument: 'limit', value: 5000, maximum: 1000 } } },
      });
      expect(g.cost(variable)).toBe('1000');
    });

    it('limit 0 answers the total without items; 1000 is allowed', async () => {
      const res = await ask(
        '{ postCollection(limit: 0) { total skip limit items { title } } post(id: "p2") { kidsCollection(limit: 0) { total limit items { title } } } }',
      );
      expect(res.body).toEqual({
        data: {
          postCollection: { total: 2, skip: 0, limit: 0, items: [] },
          post: { kidsCollection: { total: 2, limit: 0, items: [] } },
        },
      });
      const max = await ask(
        '{ postCollection(limit: 1000, skip: 1, order: [sys_id_ASC]) { limit skip items { title } } }',
      );
      expect(max.body).toEqual({ data: { postCollection: { limit: 1000, skip: 1, items: [{ title: 'Two' }] } } });
    });
  });
}
