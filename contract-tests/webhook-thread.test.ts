import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { startServer, type TestServer } from './support/harness.ts';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';
import { WEBHOOK_THREAD_APPLICATION } from '../src/workers/webhook-work.ts';

const ENV = { TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', TESSERA_EVENT_POLL_MS: '20' };

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `hooks` webhooks on `Entry.publish` to the receiver, and a function that publishes a new entry (its id). */
async function publishing(
  server: TestServer,
  receiver: WebhookReceiver,
  path: string,
  hooks = 1,
): Promise<() => Promise<string>> {
  const space = (await server.post('/spaces', { name: 'Thread', defaultLocale: 'en-US' })).body.sys.id;
  const m = (p: string) => `/spaces/${space}/environments/master/${p}`;
  const ct = await server.put(m('content_types/note'), {
    name: 'Note',
    fields: [{ id: 'title', name: 'Title', type: 'Symbol' }],
  });
  await server.put(m('content_types/note/published'), undefined, {
    headers: { [`${server.vendorPrefix}-Version`]: String(ct.body.sys.version) },
  });
  for (let i = 0; i < hooks; i += 1) {
    expect(
      (
        await server.post(`/spaces/${space}/webhook_definitions`, {
          name: `Hook ${i}`,
          url: `${receiver.url}${path}`,
          topics: ['Entry.publish'],
        })
      ).status,
    ).toBe(201);
  }
  return async () => {
    const entry = await server.post(
      m('entries'),
      { fields: { title: { 'en-US': 'A note' } } },
      { headers: { [`${server.vendorPrefix}-Content-Type`]: 'note' } },
    );
    expect(
      (
        await server.put(m(`entries/${entry.body.sys.id}/published`), undefined, {
          headers: { [`${server.vendorPrefix}-Version`]: '1' },
        })
      ).status,
    ).toBe(200);
    return entry.body.sys.id;
  };
}

const delivered = (receiver: WebhookReceiver, path: string, id: string) =>
  receiver.to(path).some((c) => c.body.includes(`"id":"${id}"`));

describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres: webhook work on a thread of its own', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer('postgres', { env: ENV });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('delivers from the thread; paused, it sends nothing until resumed', async () => {
    expect(server.tessera.webhooks.inThread).toBe(true);
    const publish = await publishing(server, receiver, '/paused');
    const first = await publish();
    await until(() => delivered(receiver, '/paused', first));
    await server.tessera.webhooks.stop();
    const second = await publish();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(delivered(receiver, '/paused', second)).toBe(false);
    server.tessera.webhooks.start();
    await until(() => delivered(receiver, '/paused', second));
  });

  it('a thread that ends unexpectedly is started again, and what was committed meanwhile is delivered', async () => {
    const work = server.tessera.webhooks as typeof server.tessera.webhooks & { worker: Worker };
    const publish = await publishing(server, receiver, '/restarted');
    const ended = work.worker;
    await ended.terminate();
    const id = await publish();
    await until(() => delivered(receiver, '/restarted', id));
    expect(work.worker).not.toBe(ended);
  });

  it('works over a pool of its own of TESSERA_WEBHOOK_DB_POOL_SIZE connections, named in pg_stat_activity', async () => {
    const single = await startServer('postgres', { env: { ...ENV, TESSERA_WEBHOOK_DB_POOL_SIZE: '1' } });
    try {
      // Jobs of several webhooks run at once (their statements would take a connection each), and must share the one.
      const publish = await publishing(single, receiver, '/single', 4);
      const ids = await Promise.all(Array.from({ length: 10 }, () => publish()));
      await until(() =>
        ids.every((id) => receiver.to('/single').filter((c) => c.body.includes(`"id":"${id}"`)).length === 4),
      );
      const { rows } = await single.tessera.database.pool!.query(
        `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1`,
        [WEBHOOK_THREAD_APPLICATION],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await single.close();
    }
  });

  it('closes while its thread is down, between an unexpected end and the restart', async () => {
    const work = server.tessera.webhooks as typeof server.tessera.webhooks & { worker: Worker };
    await work.worker.terminate();
    const closing = server.close();
    server = undefined as unknown as TestServer;
    // Waiting for an exit that has already happened would never end (the test's timeout).
    await closing;
  });
});

describe('webhook work on the main thread', () => {
  it('runs there on the embedded database and with TESSERA_WEBHOOK_THREAD=0', async () => {
    const receiver = await startReceiver();
    const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
    try {
      for (const kind of kinds) {
        const server = await startServer(kind, { env: { ...ENV, TESSERA_WEBHOOK_THREAD: '0' } });
        try {
          expect(server.tessera.webhooks.inThread).toBe(false);
          const publish = await publishing(server, receiver, `/main/${kind}`);
          const id = await publish();
          await until(() => delivered(receiver, `/main/${kind}`, id));
        } finally {
          await server.close();
        }
      }
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
