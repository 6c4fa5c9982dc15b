import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/databases.ts';
import { call, spawnServer, type ServerProcess } from './support/processes.ts';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

const TOKEN = 'webhook-two-processes-token-0123456789';
const PUBLISHES = 500;
const HOOKS = 3;
const PARALLEL = 8;

/**
 * Two server processes on one PostgreSQL database, both dispatching and delivering: 500 publishes (sent to either)
 * with 3 webhooks make exactly 1,500 calls, each (entry, webhook) once, no idempotency key twice; an app subscribed to
 * the topic gets exactly 500, each entry once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('webhooks: two processes on one PostgreSQL database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let receiver: WebhookReceiver;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    const env = {
      DATABASE_URL: database.url,
      TESSERA_ADMIN_TOKEN: TOKEN,
      TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      TESSERA_RATE_LIMIT_PER_SECOND: '0',
      TESSERA_EVENT_POLL_MS: '20',
    };
    // The first migrates; the second starts on the migrated database.
    servers.push(await spawnServer({ env }));
    servers.push(await spawnServer({ env }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await receiver.close();
    await database?.drop();
  });

  it('500 publishes with 3 webhooks and an app: exactly 1,500 webhook calls and 500 app calls, none twice', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const api = (server: ServerProcess, method: string, p: string, body?: unknown, headers?: Record<string, string>) =>
      call(server.baseUrl, method, p, TOKEN, { body, headers });
    const space = (await api(a, 'POST', '/spaces', { name: 'Two processes', defaultLocale: 'en-US' })).body.sys.id;
    const m = (p: string) => `/spaces/${space}/environments/master/${p}`;
    const ct = await api(a, 'PUT', m('content_types/article'), {
      name: 'Article',
      fields: [{ id: 'title', name: 'Title', type: 'Symbol' }],
    });
    expect(
      (
        await api(a, 'PUT', m('content_types/article/published'), undefined, {
          'X-Service-Version': String(ct.body.sys.version),
        })
      ).status,
    ).toBe(200);
    const hooks: string[] = [];
    for (let i = 0; i < HOOKS; i += 1) {
      const hook = await api(b, 'POST', `/spaces/${space}/webhook_definitions`, {
        name: `Hook ${i}`,
        url: `${receiver.url}/two/${i}`,
        topics: ['Entry.publish'],
      });
      expect(hook.status).toBe(201);
      hooks.push(hook.body.sys.id);
    }
    // An app installed in the environment, subscribed to the same topic: the app events consumers of both share the stream.
    const org = (await api(a, 'GET', '/organizations')).body.items[0].sys.id;
    const app = await api(b, 'POST', `/organizations/${org}/app_definitions`, { name: 'Listener', locations: [] });
    expect(app.status).toBe(201);
    const subscription = await api(
      a,
      'PUT',
      `/organizations/${org}/app_definitions/${app.body.sys.id}/event_subscription`,
      {
        targetUrl: `${receiver.url}/two-app`,
        topics: ['Entry.publish'],
      },
    );
    expect(subscription.status).toBe(201);
    expect((await api(b, 'PUT', m(`app_installations/${app.body.sys.id}`), {})).status).toBe(201);
    const published: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < PUBLISHES) {
          const n = next++;
          const server = n % 2 === 0 ? a : b;
          const entry = await api(
            server,
            'POST',
            m('entries'),
            { fields: { title: { 'en-US': `Entry ${n}` } } },
            { 'X-Service-Content-Type': 'article' },
          );
          expect(entry.status).toBe(201);
          const done = await api(server === a ? b : a, 'PUT', m(`entries/${entry.body.sys.id}/published`), undefined, {
            'X-Service-Version': '1',
          });
          expect(done.status).toBe(200);
          published.push(entry.body.sys.id);
        }
      }),
    );
    await receiver.waitFor(PUBLISHES * HOOKS + PUBLISHES, undefined, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const appCalls = receiver.to('/two-app');
    expect(appCalls).toHaveLength(PUBLISHES);
    expect(new Set(appCalls.map((c) => c.headers['x-service-idempotency-key'])).size).toBe(PUBLISHES);
    expect(new Set(appCalls.map((c) => JSON.parse(c.body).sys.id))).toEqual(new Set(published));

    const calls = receiver.calls.filter((c) => c.path.startsWith('/two/'));
    expect(calls).toHaveLength(PUBLISHES * HOOKS);
    expect(new Set(calls.map((c) => c.headers['x-service-idempotency-key'])).size).toBe(PUBLISHES * HOOKS);
    const pairs = new Set(calls.map((c) => `${c.path} ${JSON.parse(c.body).sys.id}`));
    expect(pairs.size).toBe(PUBLISHES * HOOKS);
    for (const [i] of hooks.entries()) {
      expect(new Set(receiver.to(`/two/${i}`).map((c) => JSON.parse(c.body).sys.id))).toEqual(new Set(published));
    }
    for (const hook of hooks) {
      const health = await api(a, 'GET', `/spaces/${space}/webhooks/${hook}/health`);
      expect(health.body.calls).toEqual({ total: PUBLISHES, healthy: PUBLISHES });
    }
  }, 300_000);
});
