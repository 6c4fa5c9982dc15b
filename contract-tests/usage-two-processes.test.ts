import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/databases.ts';
import { call, spawnServer, type ServerProcess } from './support/processes.ts';
import { settled } from './support/two-processes.ts';

/**
 * Two real server processes on one PostgreSQL database, one of them restarted midway: the usage figures equal the
 * requests sent, per metric and day. Runs when TEST_DATABASE_URL is set (CI sets it).
 */
const TOKEN = 'usage-two-processes-token-0123456789';
const ENV = { TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0', TESSERA_USAGE_FLUSH_MS: '200' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('usage metered across two server processes and a restart', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const running = new Set<ServerProcess>();
  const start = async () => {
    const server = await spawnServer({ env: { DATABASE_URL: database!.url, ...ENV } });
    running.add(server);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    running.delete(server);
    return server.stop();
  };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all([...running].map((s) => s.stop()));
    await database?.drop();
  }, 60_000);

  it('counts every request once, in whichever process it arrived', async () => {
    const a = await start();
    let b = await start();
    const space = (await call(a.baseUrl, 'POST', '/spaces', TOKEN, { body: { name: 'Two processes' } })).body;
    const spaceId = space.sys.id as string;
    const key = await call(a.baseUrl, 'POST', `/spaces/${spaceId}/api_keys`, TOKEN, {
      body: { name: 'usage', environments: [{ sys: { type: 'Link', linkType: 'Environment', id: 'master' } }] },
    });
    expect(key.status).toBe(201);
    const delivery = key.body.accessToken as string;
    const sent = { cma: 1, gql: 0 }; // the key
    const burst = async (servers: ServerProcess[], n: number) => {
      const responses = await Promise.all(
        Array.from({ length: n }, (_, i) => {
          const base = servers[i % servers.length]!.baseUrl;
          return i % 3 === 0
            ? call(base, 'POST', `/content/v1/spaces/${spaceId}`, delivery, { body: { query: '{ __typename }' } })
            : call(base, 'GET', `/spaces/${spaceId}/environments/master/locales`, TOKEN);
        }),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      sent.gql += Math.ceil(n / 3);
      sent.cma += n - Math.ceil(n / 3);
    };

    await burst([a, b], 60);
    expect(await stop(b), 'a clean shutdown stores its counts').toBe(0);
    b = await start();
    await burst([a, b], 45);

    const usageOf = async () => {
      const res = await call(
        a.baseUrl,
        'GET',
        `/organizations/${space.sys.organization.sys.id}/space_periodic_usages?metric%5Bin%5D=cma,gql`,
        TOKEN,
      );
      expect(res.status).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const mine = res.body.items.filter((u: any) => u.sys.space.sys.id === spaceId);
      return Object.fromEntries(mine.map((u: any) => [u.metric, [u.usage, u.usagePerDay[today]]]));
    };
    const expected = { cma: [sent.cma, sent.cma], gql: [sent.gql, sent.gql] };
    // B stores its counts within its flush interval; A stores its own before it reads.
    expect(await settled(usageOf, (u) => JSON.stringify(u) === JSON.stringify(expected))).toEqual(expected);
    expect(await stop(a)).toBe(0);
    expect(await stop(b)).toBe(0);
  }, 120_000);
});
