import { expect } from 'vitest';
import { generateId } from '../../src/lib/ids.ts';
import type { Storage } from '../../src/storage/port/index.ts';
import type { TestServer } from './harness.ts';

/** Loopback receivers allowed, short timeouts and retry delays so the rules show in seconds. */
export const WEBHOOK_TEST_ENV = {
  TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
  TESSERA_EVENT_POLL_MS: '20',
  TESSERA_WEBHOOK_TIMEOUT_MS: '1500',
  TESSERA_WEBHOOK_RETRY_DELAYS_MS: '200,400',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A space with an activated `article` content type, webhooks, entries and the call log, through the API. */
export function webhookFixtures(api: () => TestServer) {
  const version = (v: number) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });
  return {
    version,
    async space(name = 'Webhooks') {
      const res = await api().post('/spaces', { name, defaultLocale: 'en-US' });
      expect(res.status).toBe(201);
      const id = res.body.sys.id as string;
      const ct = await api().put(`/spaces/${id}/environments/master/content_types/article`, {
        name: 'Article',
        displayField: 'title',
        fields: [
          { id: 'title', name: 'Title', type: 'Symbol' },
          { id: 'body', name: 'Body', type: 'Text' },
        ],
      });
      expect(ct.status, ct.text).toBe(201);
      expect(
        (
          await api().put(
            `/spaces/${id}/environments/master/content_types/article/published`,
            undefined,
            version(ct.body.sys.version),
          )
        ).status,
      ).toBe(200);
      return { id, m: (path: string) => `/spaces/${id}/environments/master/${path}` };
    },
    async hook(spaceId: string, body: Record<string, unknown>): Promise<string> {
      const res = await api().post(`/spaces/${spaceId}/webhook_definitions`, {
        name: 'Hook',
        topics: ['*.*'],
        ...body,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.sys.id;
    },
    async entry(
      spaceId: string,
      fields: Record<string, unknown> = { title: { 'en-US': 'Hello' } },
      environment = 'master',
    ) {
      const res = await api().post(
        `/spaces/${spaceId}/environments/${environment}/entries`,
        { fields },
        { headers: { [`${api().vendorPrefix}-Content-Type`]: 'article' } },
      );
      expect(res.status, res.text).toBe(201);
      return res.body;
    },
    /** The recorded calls of a webhook (through the API), once `count` are there. */
    async calls(spaceId: string, hookId: string, count: number, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const res = await api().get(`/spaces/${spaceId}/webhooks/${hookId}/calls`, { query: { limit: 1000 } });
        expect(res.status).toBe(200);
        if (res.body.total >= count || Date.now() > end) return res.body.items as any[];
        await sleep(25);
      }
    },
  };
}

/** A recorded call of a webhook, written below the API (for suites that need one without a receiver); answers its id. */
export async function webhookCall(storage: Storage, spaceId: string, webhookId: string): Promise<string> {
  const id = generateId();
  const at = new Date().toISOString();
  // An event id of its own (no event row is needed): the call log keeps one call per webhook, event and attempt.
  const eventId = String(Date.now() * 1000 + Math.floor(Math.random() * 1000));
  await storage.repos.webhookCalls.insertPayloads([
    {
      eventId,
      spaceId,
      topic: 'ContentManagement.Entry.publish',
      entityType: 'Entry',
      entityId: 'e',
      environmentId: 'master',
      actorId: null,
      eventAt: at,
      scheduledActionId: null,
      body: { sys: { id: 'e' } },
    },
  ]);
  await storage.repos.webhookCalls.record(
    spaceId,
    webhookId,
    [
      {
        id,
        eventId,
        attempt: 1,
        url: 'https://example.com/matrix',
        statusCode: 200,
        errors: [],
        requestAt: at,
        responseAt: at,
        request: { method: 'POST', headers: {}, body: '{}', timeout: 30_000 },
        response: { headers: {}, body: '' },
      },
    ],
    500,
  );
  return id;
}
