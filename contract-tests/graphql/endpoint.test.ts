import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL endpoint, authentication and request errors`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let tokens: { delivery: string; preview: string };
    const q = '{ articleCollection { total items { title } } }';

    beforeAll(async () => {
      spaceId = (await g.space('GraphQL')).id;
      await g.contentType(spaceId, 'article', [{ id: 'title', type: 'Symbol' }]);
      await g.entries(spaceId, [{ id: 'a1', fields: { title: en('Hello') }, published: true }]);
      tokens = await g.keys(spaceId);
    });

    it('answers POST and GET on both paths, with the token as Bearer or access_token, and the cost header', async () => {
      const expected = { data: { articleCollection: { total: 1, items: [{ title: 'Hello' }] } } };
      for (const o of [
        {},
        { environment: 'master' },
        { method: 'GET' as const },
        { method: 'GET' as const, inQuery: true },
        { inQuery: true, environment: 'master' },
      ]) {
        const res = await g.gql(spaceId, tokens.delivery, q, undefined, o);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual(expected);
        expect(g.cost(res)).toBe('100');
      }
    });

    it('takes variables (POST object, GET JSON) and operationName', async () => {
      const query =
        'query A($l: Int) { articleCollection(limit: $l) { limit } } query B { articleCollection { skip } }';
      const post = await g.gql(spaceId, tokens.delivery, query, { l: 3 }, { operationName: 'A' });
      expect(post.body).toEqual({ data: { articleCollection: { limit: 3 } } });
      expect(g.cost(post)).toBe('3');
      const get = await g.gql(
        spaceId,
        tokens.delivery,
        'query A($l: Int) { articleCollection(limit: $l) { limit } }',
        '{"l":2}',
        { method: 'GET' },
      );
      expect(get.body).toEqual({ data: { articleCollection: { limit: 2 } } });
      const ambiguous = await g.gql(spaceId, tokens.delivery, query, { l: 3 });
      expect([ambiguous.status, g.code(ambiguous)]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      const unknownOperation = await g.gql(spaceId, tokens.delivery, query, { l: 3 }, { operationName: 'C' });
      expect([unknownOperation.status, g.code(unknownOperation)]).toEqual([400, 'QUERY_OPERATION_NAME_MISMATCH']);
      const b = await g.gql(spaceId, tokens.delivery, query, undefined, { operationName: 'B' });
      expect(b.body).toEqual({ data: { articleCollection: { skip: 0 } } });
    });

    it('401 ACCESS_TOKEN_MISSING and ACCESS_TOKEN_INVALID (unknown token, management token, other space)', async () => {
      const missing = await g.gql(spaceId, null, q);
      expect([missing.status, g.code(missing)]).toEqual([401, 'ACCESS_TOKEN_MISSING']);
      expect(g.cost(missing)).toBe('0');
      const unknown = await g.gql(spaceId, 'not-a-token', q);
      expect([unknown.status, g.code(unknown)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      const management = await g.gql(spaceId, 'test-admin-token-0123456789', q);
      expect([management.status, g.code(management)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      const other = (await g.space('Other')).id;
      const otherTokens = await g.keys(other);
      const cross = await g.gql(spaceId, otherTokens.delivery, q);
      expect([cross.status, g.code(cross)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    });

    it('a token limited to other environments cannot read this one; unknown space and environment are 400', async () => {
      expect((await api().put(`/spaces/${spaceId}/environments/staging`, { name: 'staging' })).status).toBe(201);
      for (let i = 0; i < 50; i++) {
        const e = await api().get(`/spaces/${spaceId}/environments/staging`);
        if (e.body?.sys?.status?.sys?.id === 'ready') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const stagingOnly = await g.keys(spaceId, ['staging']);
      const denied = await g.gql(spaceId, stagingOnly.delivery, q);
      expect([denied.status, g.code(denied)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      const allowed = await g.gql(spaceId, stagingOnly.delivery, '{ __typename }', undefined, {
        environment: 'staging',
      });
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      const noSpace = await g.gql('nope', tokens.delivery, q);
      expect([noSpace.status, g.code(noSpace)]).toEqual([400, 'UNKNOWN_SPACE']);
      const noEnv = await g.gql(spaceId, tokens.delivery, q, undefined, { environment: 'nope' });
      expect([noEnv.status, g.code(noEnv)]).toEqual([400, 'UNKNOWN_ENVIRONMENT']);
    });

    it('alias ids resolve to their target (master is an alias after opting in)', async () => {
      const s = (await g.space('Aliased')).id;
      await g.contentType(s, 'article', [{ id: 'title', type: 'Symbol' }]);
      await g.entries(s, [{ id: 'x1', fields: { title: en('Via alias') }, published: true }]);
      const key = await g.keys(s);
      const optIn = await api().put(`/spaces/${s}/environment_aliases/master`, {
        environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
      });
      expect(optIn.status).toBe(201);
      const target = optIn.body.environment.sys.id as string;
      expect(target).not.toBe('master');
      for (const environment of [undefined, 'master']) {
        const res = await g.gql(s, key.delivery, '{ article(id: "x1") { title sys { environmentId } } }', undefined, {
          environment,
        });
        expect(res.body, String(environment)).toEqual({
          data: { article: { title: 'Via alias', sys: { environmentId: target } } },
        });
      }
      const direct = await g.gql(s, key.delivery, '{ __typename }', undefined, { environment: target });
      expect([direct.status, g.code(direct)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      const both = await g.keys(s, ['master', target]);
      expect((await g.gql(s, both.delivery, '{ __typename }', undefined, { environment: target })).status).toBe(200);
    });

    it('400 MISSING_QUERY, INVALID_QUERY_FORMAT, INVALID_VARIABLES_FORMAT, QUERY_TOO_BIG, parse and validation errors', async () => {
      const cases: Array<[unknown, unknown, string, object?]> = [
        [undefined, undefined, 'MISSING_QUERY'],
        ['', undefined, 'MISSING_QUERY'],
        [42, undefined, 'INVALID_QUERY_FORMAT'],
        [q, [1], 'INVALID_VARIABLES_FORMAT'],
        [q, 'x', 'INVALID_VARIABLES_FORMAT'],
        [q, 'not json', 'INVALID_VARIABLES_FORMAT', { method: 'GET' }],
        [undefined, undefined, 'MISSING_QUERY', { method: 'GET' }],
        [`{ articleCollection { total } } #${'x'.repeat(8200)}`, undefined, 'QUERY_TOO_BIG'],
        ['{ articleCollection { ', undefined, 'GRAPHQL_PARSE_FAILED'],
        ['{ nope }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
      ];
      for (const [query, variables, expected, o] of cases) {
        const res = await g.gql(spaceId, tokens.delivery, query, variables, o);
        expect([res.status, g.code(res)], `${expected} ${JSON.stringify(res.body).slice(0, 200)}`).toEqual([
          400,
          expected,
        ]);
      }
      const big = await g.gql(spaceId, tokens.delivery, `{ articleCollection { total } } #${'x'.repeat(8200)}`);
      expect(big.body.errors[0].message).toMatch(/maximum allowed size for a query is 8192 bytes but it was \d+ bytes/);
      const broken = await api().request('POST', g.path(spaceId), {
        rawBody: '{"query":',
        headers: { 'Content-Type': 'application/json' },
        token: tokens.delivery,
      });
      expect([broken.status, g.code(broken)]).toEqual([400, 'INVALID_QUERY_FORMAT']);
    });

    it('computes complexity: 20 parents x limit 10 = 220; TOO_COMPLEX_QUERY above 11000', async () => {
      await g.contentType(spaceId, 'parent', [
        {
          id: 'kids',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['article'] }] },
        },
      ]);
      const ok = await g.gql(
        spaceId,
        tokens.delivery,
        '{ parentCollection(limit: 20) { items { kidsCollection(limit: 10) { items { title } } } } }',
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(g.cost(ok)).toBe('220');
      const single = await g.gql(spaceId, tokens.delivery, '{ article(id: "a1") { title } asset(id: "x") { title } }');
      expect(g.cost(single)).toBe('2');
      const tooMuch = await g.gql(
        spaceId,
        tokens.delivery,
        '{ parentCollection(limit: 1000) { items { kidsCollection(limit: 11) { total } } } }',
      );
      expect([tooMuch.status, g.code(tooMuch)]).toEqual([400, 'TOO_COMPLEX_QUERY']);
      expect(g.cost(tooMuch)).toBe('12000');
      expect(tooMuch.body.errors[0].message).toBe(
        'Query cannot be executed. The maximum allowed complexity for a query is 11000 but it was 12000. Simplify the query e.g. by setting lower limits for collections.',
      );
      expect(tooMuch.body.data).toBeUndefined();
    });
  });
}
