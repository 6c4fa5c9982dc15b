import { beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_ERRORS } from '../../src/errors/catalogue.ts';
import { entryLink } from '../support/content-fixtures.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer, type ApiResponse } from '../support/harness.ts';
import { loadNamingErrors } from './fixtures/models.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const en = (v: unknown) => ({ 'en-US': v });

/**
 * The spec's Errors table (docs/graphql-content-api.md), rows Tessera produces: HTTP status and whether data may
 * come with the error. Not produced: UPGRADE_PLAN_REQUIRED (no plans). RESOURCES_EXHAUSTED is tested with a small
 * operation budget (resources-exhausted.test.ts), RATE_LIMIT_EXCEEDED with the rate limiter (endpoint suites).
 * Detailed variants live beside their feature: endpoint.test.ts (token, request format, complexity),
 * schema.test.ts (schema generation), links.test.ts (links), preview-locale.test.ts (preview, locales).
 */
const SPEC_TABLE: Array<[code: keyof typeof GRAPHQL_ERRORS, status: number, partial: boolean]> = [
  ['ACCESS_TOKEN_MISSING', 401, false],
  ['ACCESS_TOKEN_INVALID', 401, false],
  ['COLLIDING_TYPE_NAMES', 500, false],
  ['COLLIDING_FIELD_NAMES', 500, false],
  ['RESERVED_FIELD_NAME', 500, false],
  ['UNKNOWN_ENVIRONMENT', 400, false],
  ['MISSING_QUERY', 400, false],
  ['QUERY_TOO_BIG', 400, false],
  ['INVALID_QUERY_FORMAT', 400, false],
  ['INVALID_VARIABLES_FORMAT', 400, false],
  ['TOO_COMPLEX_QUERY', 400, false],
  ['UNKNOWN_LOCALE', 200, true],
  ['UNRESOLVABLE_LINK', 200, true],
  ['UNEXPECTED_LINKED_CONTENT_TYPE', 200, true],
  ['RESOURCES_EXHAUSTED', 200, true],
  ['INTERNAL_SERVER_ERROR', 500, false],
];

describe('GraphQL error catalogue', () => {
  it.each(SPEC_TABLE)('%s answers HTTP %i as the spec table says', (code, status) => {
    expect(GRAPHQL_ERRORS[code].status).toBe(status);
  });
});

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL errors table: status, code, partial data and error shape`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let tokens: { delivery: string; preview: string };
    const ask = (query: unknown, variables?: unknown, o?: Parameters<typeof g.gql>[4]) =>
      g.gql(spaceId, tokens.delivery, query, variables, o);
    const vendor = () => api().tessera.config.vendor.token;
    const requestIdOf = (res: ApiResponse) => res.headers.get(`${api().vendorPrefix}-Request-Id`);

    /** A request-level error: the status, no `data` at all, one error without path or locations. */
    function expectRequestError(res: ApiResponse, status: number, code: string, details?: Record<string, unknown>) {
      expect([res.status, Object.keys(res.body ?? {})], JSON.stringify(res.body)).toEqual([status, ['errors']]);
      expect(res.body.errors).toEqual([
        {
          message: expect.any(String),
          extensions: { [vendor()]: { code, requestId: requestIdOf(res), details: details ?? expect.any(Object) } },
        },
      ]);
      expect(res.body.errors[0].message.length).toBeGreaterThan(0);
    }

    /** An execution error: HTTP 200 with the other data, and per failing path one error with locations and path. */
    function expectPartial(res: ApiResponse, code: string, paths: Array<Array<string | number>>) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual(expect.any(Object));
      expect(res.body.errors).toHaveLength(paths.length);
      const byPath = (e: { path: unknown }) => JSON.stringify(e.path);
      for (const path of paths) {
        expect(
          res.body.errors.find((e: { path: unknown }) => byPath(e) === JSON.stringify(path)),
          JSON.stringify(path),
        ).toEqual({
          message: expect.any(String),
          locations: [{ line: expect.any(Number), column: expect.any(Number) }],
          path,
          extensions: { [vendor()]: { code, requestId: requestIdOf(res), details: expect.any(Object) } },
        });
      }
    }

    beforeAll(async () => {
      spaceId = (await g.space('Errors')).id;
      tokens = await g.keys(spaceId);
      await g.contentType(spaceId, 'person', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(spaceId, 'post', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        {
          id: 'kids',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post'] }] },
        },
      ]);
      await g.entries(spaceId, [
        { id: 'ann', contentType: 'person', published: true, fields: { name: en('Ann') } },
        { id: 'p1', contentType: 'post', published: true, fields: { title: en('One'), author: en(entryLink('ann')) } },
        {
          id: 'gone',
          contentType: 'post',
          published: true,
          fields: {
            title: en('Broken'),
            author: en(entryLink('nobody')),
            kids: en([entryLink('p1'), entryLink('nothing')]),
          },
        },
        {
          id: 'wrong',
          contentType: 'post',
          published: true,
          fields: { title: en('Wrong'), author: en(entryLink('p1')) },
        },
      ]);
    });

    it('401 ACCESS_TOKEN_MISSING', async () => {
      expectRequestError(await g.gql(spaceId, null, '{ __typename }'), 401, 'ACCESS_TOKEN_MISSING', {});
    });

    it('401 ACCESS_TOKEN_INVALID: an unknown token, and a delivery token reading non-published content (no data either way)', async () => {
      expectRequestError(await g.gql(spaceId, 'nope', '{ __typename }'), 401, 'ACCESS_TOKEN_INVALID', {});
      const preview = await ask('{ post(id: "p1") { title } draft: post(id: "p1", preview: true) { title } }');
      expect([preview.status, Object.keys(preview.body)]).toEqual([401, ['errors']]);
      expect(preview.body.errors).toEqual([
        {
          message: expect.any(String),
          locations: [{ line: 1, column: 28 }],
          path: ['draft'],
          extensions: { [vendor()]: { code: 'ACCESS_TOKEN_INVALID', requestId: requestIdOf(preview), details: {} } },
        },
      ]);
    });

    it.each(loadNamingErrors())('$error.status $error.code: $name (no data)', async (c) => {
      const s = (await g.space('Unbuildable')).id;
      const t = (await g.keys(s)).delivery;
      for (const [id, definition] of c.contentTypes) await g.contentType(s, id, definition.fields);
      const res = await g.gql(s, t, '{ __typename }');
      expectRequestError(res, c.error.status, c.error.code, c.error.details);
      expect(res.body.errors[0].message).toBe(c.error.message);
    });

    it('400 UNKNOWN_ENVIRONMENT (and UNKNOWN_SPACE)', async () => {
      const env = await ask('{ __typename }', undefined, { environment: 'nowhere' });
      expectRequestError(env, 400, 'UNKNOWN_ENVIRONMENT', { spaceId, environmentId: 'nowhere' });
      expect(env.body.errors[0].message).toBe(
        `Query cannot be executed. The environment 'nowhere' does not exist in the space '${spaceId}'`,
      );
      expectRequestError(await g.gql('nospace', tokens.delivery, '{ __typename }'), 400, 'UNKNOWN_SPACE', {
        spaceId: 'nospace',
      });
    });

    it('400 MISSING_QUERY, QUERY_TOO_BIG, INVALID_QUERY_FORMAT, INVALID_VARIABLES_FORMAT', async () => {
      expectRequestError(await ask(undefined), 400, 'MISSING_QUERY');
      const big = `{ __typename } #${'x'.repeat(8200)}`;
      expectRequestError(await ask(big), 400, 'QUERY_TOO_BIG', {
        maximumQuerySize: 8192,
        querySize: Buffer.byteLength(big),
      });
      expectRequestError(await ask(['{ __typename }']), 400, 'INVALID_QUERY_FORMAT');
      expectRequestError(await ask('{ __typename }', 'x=1'), 400, 'INVALID_VARIABLES_FORMAT');
    });

    it('400 TOO_COMPLEX_QUERY, with the cost in details and header', async () => {
      const res = await ask('{ postCollection(limit: 1000) { items { kidsCollection(limit: 11) { total } } } }');
      expectRequestError(res, 400, 'TOO_COMPLEX_QUERY', { maximumCost: 11000, cost: 12000 });
      expect(g.cost(res)).toBe('12000');
    });

    it('200 UNKNOWN_LOCALE: partial data, one error per failing path', async () => {
      const res = await ask(
        '{ post(id: "p1") { title bad: title(locale: "xx-XX") } none: postCollection(locale: "yy") { total } }',
      );
      expectPartial(res, 'UNKNOWN_LOCALE', [['post', 'bad'], ['none']]);
      expect(res.body.data).toEqual({ post: { title: 'One', bad: null }, none: null });
      expect(
        res.body.errors.map(
          (e: { extensions: Record<string, { details: unknown }> }) => e.extensions[vendor()]!.details,
        ),
      ).toEqual(expect.arrayContaining([{ locale: 'xx-XX' }, { locale: 'yy' }]));
    });

    it('200 UNRESOLVABLE_LINK: partial data, the link is null', async () => {
      const res = await ask('{ post(id: "gone") { title author { name } kidsCollection { items { title } } } }');
      expectPartial(res, 'UNRESOLVABLE_LINK', [
        ['post', 'author'],
        ['post', 'kidsCollection', 'items', 1],
      ]);
      expect(res.body.data).toEqual({
        post: { title: 'Broken', author: null, kidsCollection: { items: [{ title: 'One' }, null] } },
      });
      expect(
        res.body.errors.map(
          (e: { extensions: Record<string, { details: unknown }> }) => e.extensions[vendor()]!.details,
        ),
      ).toEqual(
        expect.arrayContaining([
          { type: 'Post', field: 'author', linkType: 'Entry', linkId: 'nobody', linkingEntryId: 'gone' },
          { type: 'Post', field: 'kids', linkType: 'Entry', linkId: 'nothing', linkingEntryId: 'gone' },
        ]),
      );
    });

    it('200 UNEXPECTED_LINKED_CONTENT_TYPE: partial data, the link is null', async () => {
      const res = await ask('{ post(id: "wrong") { title author { name } } }');
      expectPartial(res, 'UNEXPECTED_LINKED_CONTENT_TYPE', [['post', 'author']]);
      expect(res.body.data).toEqual({ post: { title: 'Wrong', author: null } });
    });

    // Faults are injected by replacing one storage method for one request (the database itself is real).
    async function withFault<T>(repo: Record<string, unknown>, method: string, work: () => Promise<T>): Promise<T> {
      const original = repo[method];
      repo[method] = async () => {
        throw new Error('injected storage fault: secret detail');
      };
      try {
        return await work();
      } finally {
        repo[method] = original;
      }
    }

    it('200 INTERNAL_SERVER_ERROR: a failing path keeps the other data and hides the cause', async () => {
      const { search } = api().tessera.storage.repos;
      const res = await withFault(search as unknown as Record<string, unknown>, 'assets', () =>
        ask('{ post(id: "p1") { title } asset(id: "x") { title } }'),
      );
      expectPartial(res, 'INTERNAL_SERVER_ERROR', [['asset']]);
      expect(res.body.data).toEqual({ post: { title: 'One' }, asset: null });
      expect(res.body.errors[0].message).toBe('Internal Server Error');
      expect(res.text).not.toContain('secret detail');
    });

    it('500 INTERNAL_SERVER_ERROR: a failure outside execution answers no data and hides the cause', async () => {
      const { apiKeys } = api().tessera.storage.repos;
      const res = await withFault(apiKeys as unknown as Record<string, unknown>, 'findGrant', () =>
        ask('{ __typename }'),
      );
      expectRequestError(res, 500, 'INTERNAL_SERVER_ERROR', {});
      expect(res.body.errors[0].message).toBe('Internal Server Error');
      expect(res.text).not.toContain('secret detail');
      expect((await ask('{ __typename }')).status).toBe(200);
    });
  });
}
