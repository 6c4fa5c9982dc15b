import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from './support/databases.ts';
import { call, spawnServer, type ServerProcess } from './support/processes.ts';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

const TOKEN = 'webhook-crash-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server is killed (SIGKILL) between a publish and its delivery, and started again: the event is delivered, and
 * once. First before the event was dispatched (the first process polls once a minute and is killed right after the
 * publish answered), then while a retry of a 503 answer waited.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: webhook delivery across a crash`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-webhook-crash-'));
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let receiver: WebhookReceiver;
    const running: ServerProcess[] = [];
    const env = (extra: Record<string, string>) => ({
      TESSERA_ADMIN_TOKEN: TOKEN,
      TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      TESSERA_RATE_LIMIT_PER_SECOND: '0',
      ...(database ? { DATABASE_URL: database.url } : { TESSERA_DATA_DIR: dataDir }),
      ...extra,
    });
    const start = async (extra: Record<string, string>) => {
      const server = await spawnServer({ env: env(extra), timeoutMs: 60_000 });
      running.push(server);
      return server;
    };
    const kill = async (server: ServerProcess) => {
      server.child.kill('SIGKILL');
      await server.exited;
    };

    beforeAll(async () => {
      if (kind === 'postgres') database = await createTestDatabase();
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await Promise.all(running.map((s) => s.stop()));
      await receiver.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('delivers an event committed just before the kill once after the restart, and a retry that was waiting', async () => {
      const first = await start({ TESSERA_EVENT_POLL_MS: '60000' });
      const api = (
        server: ServerProcess,
        method: string,
        p: string,
        body?: unknown,
        headers?: Record<string, string>,
      ) => call(server.baseUrl, method, p, TOKEN, { body, headers });
      const space = (await api(first, 'POST', '/spaces', { name: 'Crash', defaultLocale: 'en-US' })).body.sys.id;
      const m = (p: string) => `/spaces/${space}/environments/master/${p}`;
      const ct = await api(first, 'PUT', m('content_types/article'), {
        name: 'Article',
        fields: [{ id: 'title', name: 'Title', type: 'Symbol' }],
      });
      expect(
        (
          await api(first, 'PUT', m('content_types/article/published'), undefined, {
            'X-Service-Version': String(ct.body.sys.version),
          })
        ).status,
      ).toBe(200);
      const hook = await api(first, 'POST', `/spaces/${space}/webhook_definitions`, {
        name: 'Publishes',
        url: `${receiver.url}/crash/${space}`,
        topics: ['Entry.publish'],
      });
      expect(hook.status).toBe(201);
      const publish = async (server: ServerProcess, title: string) => {
        const entry = await api(
          server,
          'POST',
          m('entries'),
          { fields: { title: { 'en-US': title } } },
          { 'X-Service-Content-Type': 'article' },
        );
        const published = await api(server, 'PUT', m(`entries/${entry.body.sys.id}/published`), undefined, {
          'X-Service-Version': '1',
        });
        expect(published.status).toBe(200);
        return entry.body.sys.id as string;
      };
      const received = (id: string) => receiver.to(`/crash/${space}`).filter((c) => JSON.parse(c.body).sys.id === id);

      // 1. Killed after the publish committed, before the dispatcher's next look (a minute away).
      const before = await publish(first, 'Committed before the kill');
      await kill(first);
      expect(received(before)).toHaveLength(0);
      const second = await start({ TESSERA_EVENT_POLL_MS: '20', TESSERA_WEBHOOK_RETRY_DELAYS_MS: '2000' });
      await receiver.waitFor(1, `/crash/${space}`, 20_000);

      // 2. Killed while the retry of a 503 waited: the restarted process sends attempt 2.
      let answered = 0;
      receiver.respond((_c, _q, res) => {
        answered += 1;
        res.writeHead(answered === 1 ? 503 : 200).end();
      }, `/crash/${space}`);
      const retried = await publish(second, 'Retried across the kill');
      await receiver.waitFor(2, `/crash/${space}`, 20_000);
      const logged = `/spaces/${space}/webhooks/${hook.body.sys.id}/calls`;
      for (let i = 0; i < 200 && (await api(second, 'GET', logged)).body.total < 2; i += 1) await sleep(25);
      expect((await api(second, 'GET', logged)).body.items[0].statusCode).toBe(503);
      await kill(second);
      const third = await start({ TESSERA_EVENT_POLL_MS: '20', TESSERA_WEBHOOK_RETRY_DELAYS_MS: '2000' });
      await receiver.waitFor(3, `/crash/${space}`, 30_000);
      await sleep(2_500);

      expect(received(before)).toHaveLength(1);
      expect(received(before)[0]!.headers['x-service-topic']).toBe('ContentManagement.Entry.publish');
      const attempts = received(retried);
      expect(attempts.map((c) => c.headers['x-service-webhook-request-attempt'])).toEqual(['1', '2']);
      expect(new Set(attempts.map((c) => c.headers['x-service-idempotency-key'])).size).toBe(1);
      const log = (await api(third, 'GET', `/spaces/${space}/webhooks/${hook.body.sys.id}/calls`)).body;
      expect(log.items.map((c: any) => c.statusCode).sort()).toEqual([200, 200, 503]);
      expect(await third.stop()).toBe(0);
    }, 180_000);
  });
}
