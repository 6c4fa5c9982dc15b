import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/databases.ts';
import { call, spawnServer, type ServerProcess } from './support/processes.ts';

/**
 * Two real server processes on one PostgreSQL database: what one process decides, the other must honour.
 * Runs when TEST_DATABASE_URL is set (CI sets it).
 */
const TOKEN = 'multi-process-admin-token-0123456789';
const VENDOR = 'X-Service';

/** Two servers started at the same moment on a fresh database (so migrations and bootstrap race, too). */
function usePair(env: Record<string, string>): () => [ServerProcess, ServerProcess] {
  let servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    const common = { DATABASE_URL: database.url, TESSERA_ADMIN_TOKEN: TOKEN, ...env };
    const started = await Promise.allSettled([spawnServer({ env: common }), spawnServer({ env: common })]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = started.find((s) => s.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
  }, 120_000);
  afterAll(async () => {
    const codes = await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    expect(codes, 'both servers shut down cleanly on SIGTERM').toEqual(servers.map(() => 0));
  }, 60_000);
  return () => servers as [ServerProcess, ServerProcess];
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  describe('rate limits', () => {
    const LIMIT = 5;
    const pair = usePair({ TESSERA_RATE_LIMIT_PER_SECOND: String(LIMIT) });

    it('share one bucket per organization: a burst spread over both processes gets the limit once, not twice', async () => {
      const [a, b] = pair();
      const space = (await call(a.baseUrl, 'POST', '/spaces', TOKEN, { body: { name: 'Shared bucket' } })).body;
      // Both processes learn the space's organization once.
      for (const server of [a, b])
        expect((await call(server.baseUrl, 'GET', `/spaces/${space.sys.id}`, TOKEN)).status).toBe(200);

      // Each process gets 2 x LIMIT requests, so buckets of their own would let 2 x LIMIT through. The burst must
      // fit in one window to say anything; on a machine too busy for that, it is tried again in a later window.
      let responses: Awaited<ReturnType<typeof call>>[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const started = Date.now();
        responses = await Promise.all(
          Array.from({ length: 4 * LIMIT }, (_, i) =>
            call((i % 2 ? b : a).baseUrl, 'GET', `/spaces/${space.sys.id}`, TOKEN),
          ),
        );
        if (Date.now() - started < 1000) break;
        responses = [];
      }
      expect(responses, 'a burst that fits in one one-second window').not.toEqual([]);
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3 * LIMIT);
      for (const refused of responses.filter((r) => r.status === 429)) {
        expect(refused.body.sys.id).toBe('RateLimitExceeded');
        expect(Number(refused.headers.get(`${VENDOR}-RateLimit-Reset`))).toBeGreaterThanOrEqual(1);
        expect(refused.headers.get(`${VENDOR}-RateLimit-Second-Remaining`)).toBe('0');
      }
    });
  });

  describe('optimistic locking', () => {
    const pair = usePair({ TESSERA_RATE_LIMIT_PER_SECOND: '0' });

    it('lets exactly one of 50 concurrent updates with the same version win, across both processes', async () => {
      const [a, b] = pair();
      const space = (await call(a.baseUrl, 'POST', '/spaces', TOKEN, { body: { name: 'Contended' } })).body;
      expect(space.sys.version).toBe(1);

      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call((i % 2 ? b : a).baseUrl, 'PUT', `/spaces/${space.sys.id}`, TOKEN, {
            body: { name: `Writer ${i}` },
            headers: { [`${VENDOR}-Version`]: '1' },
          }),
        ),
      );

      const winners = responses.filter((r) => r.status === 200);
      const losers = responses.filter((r) => r.status === 409);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(49);
      for (const loser of losers) expect(loser.body.sys.id).toBe('VersionMismatch');

      for (const server of [a, b]) {
        const stored = (await call(server.baseUrl, 'GET', `/spaces/${space.sys.id}`, TOKEN)).body;
        expect(stored.sys.version).toBe(2);
        expect(stored.name).toBe(winners[0].body.name);
      }
    });
  });
});
