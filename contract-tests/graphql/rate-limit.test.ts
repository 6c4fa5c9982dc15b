import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer, type ApiResponse } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const LIMIT = 4;
const QUERY = '{ articleCollection { total } }';
/** Distinct texts of QUERY: each misses the response cache, so each is charged. */
let sent = 0;
const uncached = () => `{ articleCollection { total } } # ${++sent}`;
/** Buckets are one-second windows opened by their first request: waiting this long starts a fresh one. */
const nextWindow = () => new Promise((resolve) => setTimeout(resolve, 1100));

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL rate limit per space`, () => {
    const api = useServer(kind, { env: { TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: String(LIMIT) } });
    const g = graphqlFixtures(api);
    const header = (res: ApiResponse, suffix: string) => res.headers.get(`${api().vendorPrefix}-${suffix}`);
    let spaces: Array<{ id: string; token: string }>;

    beforeAll(async () => {
      spaces = [];
      for (const name of ['Limited', 'Neighbour']) {
        const id = (await g.space(name)).id;
        await g.contentType(id, 'article', [{ id: 'title', type: 'Symbol' }]);
        await g.entries(id, [{ id: 'a1', fields: { title: en('Hello') }, published: true }]);
        spaces.push({ id, token: (await g.keys(id)).delivery });
      }
    });

    it('a burst over the limit gets 429 RATE_LIMIT_EXCEEDED with the reset, limit and cost headers; another space is unaffected', async () => {
      const [limited, neighbour] = spaces;
      await nextWindow();
      // Sent together, so they land in one window however slow the machine is.
      const burst = await Promise.all([
        ...Array.from({ length: LIMIT + 3 }, () => g.gql(limited!.id, limited!.token, uncached())),
        ...Array.from({ length: 2 }, () => g.gql(neighbour!.id, neighbour!.token, uncached())),
      ]);
      const own = burst.slice(0, LIMIT + 3);
      expect(own.map((r) => r.status).sort()).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
      expect(burst.slice(LIMIT + 3).map((r) => r.status)).toEqual([200, 200]);
      const refused = own.find((r) => r.status === 429)!;
      expect(g.code(refused)).toBe('RATE_LIMIT_EXCEEDED');
      expect(refused.body).toEqual({
        errors: [{ message: expect.stringContaining('rate limit'), extensions: expect.any(Object) }],
      });
      expect(refused.body.errors[0].extensions[api().tessera.config.vendor.token].requestId).toBe(
        header(refused, 'Request-Id'),
      );
      expect(header(refused, 'RateLimit-Reset')).toBe('1');
      expect(header(refused, 'RateLimit-Second-Limit')).toBe(String(LIMIT));
      expect(g.cost(refused)).toBe('0');
      const served = own.find((r) => r.status === 200)!;
      expect(served.body).toEqual({ data: { articleCollection: { total: 1 } } });
      expect(header(served, 'RateLimit-Second-Limit')).toBe(String(LIMIT));
      expect(header(served, 'RateLimit-Reset')).toBeNull();

      await nextWindow();
      const after = await g.gql(limited!.id, limited!.token, uncached());
      expect(after.status).toBe(200);
    });

    it("answers served from the response cache are not charged, like the hosted API's CDN hits", async () => {
      const [limited] = spaces;
      await nextWindow();
      const warm = await g.gql(limited!.id, limited!.token, QUERY);
      expect(warm.status).toBe(200);
      const hits = await Promise.all(
        Array.from({ length: LIMIT * 4 }, () => g.gql(limited!.id, limited!.token, QUERY)),
      );
      expect(hits.map((r) => r.status)).toEqual(Array(LIMIT * 4).fill(200));
      expect(hits.map((r) => r.body)).toEqual(Array(LIMIT * 4).fill({ data: { articleCollection: { total: 1 } } }));
      expect(hits.map((r) => g.cost(r))).toEqual(Array(LIMIT * 4).fill(g.cost(warm)));
      expect(header(hits[0]!, 'RateLimit-Second-Limit')).toBeNull();
    });

    it('requests refused before authentication are not charged', async () => {
      const [limited] = spaces;
      await nextWindow();
      const strangers = await Promise.all(
        Array.from({ length: LIMIT + 2 }, () => g.gql(limited!.id, 'not-a-token', uncached())),
      );
      expect(strangers.map((r) => r.status)).toEqual(Array(LIMIT + 2).fill(401));
      expect(header(strangers[0]!, 'RateLimit-Second-Limit')).toBeNull();
      const owner = await g.gql(limited!.id, limited!.token, uncached());
      expect(owner.status).toBe(200);
    });
  });

  describe(`${kind}: GraphQL rate limit off (0)`, () => {
    const api = useServer(kind, { env: { TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: '0' } });
    const g = graphqlFixtures(api);

    it('never refuses and sends no rate-limit headers', async () => {
      const id = (await g.space('Unlimited')).id;
      await g.contentType(id, 'article', [{ id: 'title', type: 'Symbol' }]);
      const { delivery } = await g.keys(id);
      const burst = await Promise.all(Array.from({ length: 70 }, () => g.gql(id, delivery, QUERY)));
      expect(burst.filter((r) => r.status !== 200)).toEqual([]);
      expect(burst[0]!.headers.get(`${api().vendorPrefix}-RateLimit-Second-Limit`)).toBeNull();
    });
  });
}

describe('GraphQL rate limit configuration', () => {
  it('defaults to 55 per second, takes TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND (0: off) and refuses nonsense', () => {
    expect(loadConfig({}).graphqlRateLimitPerSecond).toBe(55);
    expect(loadConfig({ TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: '0' }).graphqlRateLimitPerSecond).toBe(0);
    expect(loadConfig({ TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: '200' }).graphqlRateLimitPerSecond).toBe(200);
    expect(() => loadConfig({ TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: '-1' })).toThrow(
      /TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND/,
    );
  });
});
