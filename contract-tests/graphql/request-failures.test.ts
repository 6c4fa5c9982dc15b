import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer, type ApiResponse } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const en = (v: unknown) => ({ 'en-US': v });

/** Every failure answers in the GraphQL error format with its code: never a 500 nor a management-API body. */
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL failures answer GraphQL errors with their code`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    const ask = (query: string, variables?: unknown) => g.gql(spaceId, token, query, variables);
    const vendor = () => api().tessera.config.vendor.token;

    function expectFieldError(res: ApiResponse, path: string[], details: Record<string, unknown>) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0]).toMatchObject({
        path,
        extensions: { [vendor()]: { code: 'GRAPHQL_VALIDATION_FAILED', details } },
      });
    }

    beforeAll(async () => {
      spaceId = (await g.space('Failures')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'post', [
        { id: 'title', type: 'Symbol' },
        { id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [] } },
      ]);
      await g.entries(spaceId, [{ id: 'p1', contentType: 'post', published: true, fields: { title: en('One') } }]);
    });

    it('a NUL or an unpaired surrogate in a string argument fails that path before any SQL, literal or variable', async () => {
      const literal = await ask(
        '{ postCollection(where: { title: "a\\u0000b" }) { total } ok: post(id: "p1") { title } }',
      );
      expectFieldError(literal, ['postCollection'], { argumentPath: ['where', 'title'] });
      expect(literal.body.data).toEqual({ postCollection: null, ok: { title: 'One' } });
      expect(literal.body.errors[0].message).toBe(
        'The argument "where.title" holds a character that cannot be stored (NUL or an unpaired surrogate)',
      );
      const nested = await ask('query($w: PostFilter) { postCollection(where: $w) { total } }', {
        w: { OR: [{ title: 'x' }, { tags_contains_some: ['ok', 'a\ud800b'] }] },
      });
      expectFieldError(nested, ['postCollection'], { argumentPath: ['where', 'OR', 1, 'tags_contains_some', 1] });
      const id = await ask('query($id: String!) { post(id: $id) { title } }', { id: 'p\u0000' });
      expectFieldError(id, ['post'], { argumentPath: ['id'] });
      const lowSurrogate = await ask('query($id: String!) { post(id: $id) { title } }', { id: '\udc00p' });
      expectFieldError(lowSurrogate, ['post'], { argumentPath: ['id'] });
      const paired = await ask('query($t: String) { postCollection(where: { title: $t }) { total } }', {
        t: 'emoji \ud83d\ude00',
      });
      expect(paired.body).toEqual({ data: { postCollection: { total: 0 } } });
    });

    it('a NUL or a stray surrogate in a path id or in access_token is a GraphQL 4xx, not a 500', async () => {
      const post = (path: string, query: Record<string, string> = {}, auth: string | null = token) =>
        api().request('POST', path, {
          rawBody: JSON.stringify({ query: '{ __typename }' }),
          headers: { 'Content-Type': 'application/json' },
          token: auth,
          query,
        });
      const cases = [
        [await post('/content/v1/spaces/%00'), 400, 'UNKNOWN_SPACE'],
        [await post(`/content/v1/spaces/${spaceId}%00`), 400, 'UNKNOWN_SPACE'],
        [await post(`/content/v1/spaces/${spaceId}/environments/a%00b`), 400, 'UNKNOWN_ENVIRONMENT'],
        [await post(`/content/v1/spaces/${spaceId}/environments/%ED%A0%80`), 400, 'UNKNOWN_ENVIRONMENT'],
        [await post(`/content/v1/spaces/${spaceId}`, { access_token: 'a\u0000b' }, null), 401, 'ACCESS_TOKEN_INVALID'],
      ] as const;
      for (const [res, status, code] of cases)
        expect([res.status, g.code(res)], res.text.slice(0, 200)).toEqual([status, code]);
    });

    it('mutation and subscription operations are refused with GRAPHQL_VALIDATION_FAILED and a message saying so', async () => {
      for (const operation of ['mutation', 'subscription']) {
        const res = await ask(`${operation} M { post(id: "p1") { title } }`);
        expect([res.status, g.code(res)], JSON.stringify(res.body)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
        expect(res.body.errors[0]).toMatchObject({
          message: `Query cannot be executed. The GraphQL Content API answers only query operations; ${operation} operations are not supported.`,
          locations: [{ line: 1, column: 1 }],
          extensions: { [vendor()]: { details: { operation } } },
        });
        expect(res.body.data).toBeUndefined();
      }
    });

    it('variables that do not fit their definitions are GRAPHQL_VALIDATION_FAILED, not INTERNAL_SERVER_ERROR', async () => {
      const res = await ask('query($n: Int) { postCollection(limit: $n) { total } }', { n: 'ten' });
      expect([res.status, g.code(res)], JSON.stringify(res.body)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      expect(res.body.errors[0].message).toMatch(/^Variable "\$n" got invalid value "ten"/);
    });

    it('a body over 1 MB answers QUERY_TOO_BIG in the GraphQL format, with the cost header', async () => {
      const rawBody = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(1024 * 1024) } });
      const res = await api().request('POST', g.path(spaceId), {
        rawBody,
        headers: { 'Content-Type': 'application/json' },
        token,
      });
      expect([res.status, g.code(res)], res.text.slice(0, 300)).toEqual([400, 'QUERY_TOO_BIG']);
      expect(res.body).toEqual({
        errors: [
          {
            message: 'Query cannot be executed. The maximum allowed size for a request body is 1048576 bytes',
            extensions: {
              [vendor()]: {
                code: 'QUERY_TOO_BIG',
                requestId: res.headers.get(`${api().vendorPrefix}-Request-Id`),
                details: { maximumBodySize: 1048576 },
              },
            },
          },
        ],
      });
      expect(g.cost(res)).toBe('0');
      const fits = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(1000 * 1000) } });
      const ok = await api().request('POST', g.path(spaceId), {
        rawBody: fits,
        headers: { 'Content-Type': 'application/json' },
        token,
      });
      expect(ok.body).toEqual({ data: { __typename: 'Query' } });
    });
  });
}
