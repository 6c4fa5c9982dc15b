import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { NewWebhookCall, WebhookCallOutcome } from '../port/index.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: webhook calls repository`, () => {
    let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
    const repos = () => db.storage.repos;
    beforeAll(async () => {
      db = await openMigratedDatabase(kind);
      const { userId } = await insertSpace(db.storage, 's1');
      for (const id of ['w1', 'w2']) {
        await repos().webhooks.insert({
          spaceId: 's1', id, name: id, url: 'https://example.com', topics: ['*.*'], filters: null, headers: [{ key: 'X-A', value: 'b', secret: true }],
          httpBasicUsername: null, httpBasicPassword: null, active: true, transformation: { method: 'PUT', body: { b: 1, a: 2 } }, createdBy: userId,
        });
      }
    });
    afterAll(async () => { await db.close(); });

    const call = (id: string, webhookId = 'w1', eventId = id.replace(/\D/g, '') || '1', attempt = 1): NewWebhookCall => ({
      spaceId: 's1', id, webhookId, eventId, attempt, topic: 'ContentManagement.Entry.save', entityType: 'Entry', entityId: 'e1',
      environmentId: 'master', actorId: 'u1', eventAt: '2026-01-02T03:04:05.678Z', payload: { z: 1, sys: { id: 'e1' }, a: [2] },
    });
    const outcome = (statusCode: number): WebhookCallOutcome => ({
      url: 'https://example.com/x', statusCode, errors: [], requestAt: new Date().toISOString(), responseAt: new Date().toISOString(),
      request: { url: 'https://example.com/x', method: 'POST', headers: { 'X-Z': '1', 'X-A': '2' }, body: '{}', timeout: 30_000 },
      response: { url: 'https://example.com/x', headers: {}, body: 'ok', statusCode },
    });

    it('inserts a pending call once per (webhook, event, attempt) and reads it with its definition and the signing secret', async () => {
      await repos().webhookCalls.insertPending([call('c1'), call('c1b', 'w1', '1'), call('c2', 'w2', '1')]);
      const found = await repos().webhookCalls.findForDelivery('s1', 'w1', ['c1', 'c2', 'nope']);
      expect(found?.calls).toHaveLength(1);
      expect(found?.calls[0]).toMatchObject({ id: 'c1', webhookId: 'w1', eventId: '1', attempt: 1, status: 'pending', eventAt: '2026-01-02T03:04:05.678Z' });
      // The body keeps the key order it was rendered with.
      expect(JSON.stringify(found?.calls[0]!.payload)).toBe('{"z":1,"sys":{"id":"e1"},"a":[2]}');
      expect(found?.definition).toMatchObject({ id: 'w1', headers: [{ key: 'X-A', value: 'b', secret: true }], transformation: { method: 'PUT', body: { b: 1, a: 2 } } });
      expect(JSON.stringify(found?.definition.transformation)).toBe('{"method":"PUT","body":{"b":1,"a":2}}');
      expect(found?.signingSecret).toBeUndefined();
      expect((await repos().webhookCalls.findForDelivery('s1', 'w1', ['c1b']))?.calls).toEqual([]);
      expect(await repos().webhookCalls.findForDelivery('s1', 'gone', ['c1'])).toBeUndefined();
      await repos().webhooks.putSigningSecret('s1', 'k'.repeat(64), 'u1');
      expect((await repos().webhookCalls.findForDelivery('s1', 'w2', ['c2']))?.signingSecret).toBe('k'.repeat(64));
    });

    it('records a pending call once; lists recorded calls newest first; counts the healthy ones', async () => {
      expect(await repos().webhookCalls.record('s1', [{ id: 'c1', outcome: outcome(200) }, { id: 'nope', outcome: outcome(200) }], 500)).toEqual(['c1']);
      expect(await repos().webhookCalls.record('s1', [{ id: 'c1', outcome: outcome(500) }], 500)).toEqual([]);
      expect((await repos().webhookCalls.findForDelivery('s1', 'w1', ['c1']))?.calls).toEqual([]);
      expect(await repos().webhookCalls.list('s1', 'w2', { skip: 0, limit: 20 }, 500)).toEqual({ items: [], total: 0 });
      expect((await repos().webhookCalls.find('s1', 'w1', 'c1', 500))?.request?.headers).toEqual({ 'X-Z': '1', 'X-A': '2' });
      expect(await repos().webhookCalls.find('s1', 'w2', 'c1', 500)).toBeUndefined();
      expect(await repos().webhookCalls.health('s1', 'w1', 500)).toEqual({ total: 1, healthy: 1 });
    });

    it('shows the newest `keep` recorded calls of a webhook and deletes older ones in batches; pending ones stay', async () => {
      const ids = Array.from({ length: 70 }, (_, i) => `p${100 + i}`);
      await repos().webhookCalls.insertPending(ids.map((id) => call(id)));
      for (const [i, id] of ids.entries()) await repos().webhookCalls.record('s1', [{ id, outcome: outcome(i % 2 ? 503 : 200) }], 3);
      await repos().webhookCalls.insertPending([call('p999')]);
      const { items, total } = await repos().webhookCalls.list('s1', 'w1', { skip: 0, limit: 20 }, 3);
      expect(total).toBe(3);
      expect(items.map((c) => c.id)).toEqual(['p169', 'p168', 'p167']);
      expect(await repos().webhookCalls.health('s1', 'w1', 3)).toEqual({ total: 3, healthy: 1 });
      expect(await repos().webhookCalls.find('s1', 'w1', 'p166', 3)).toBeUndefined();
      expect((await repos().webhookCalls.list('s1', 'w1', { skip: 1, limit: 1 }, 3)).items.map((c) => c.id)).toEqual(['p168']);
      // 70 recorded, and at least two prunes ran (one recording in 32 prunes): at most 3 + 31 rows are left.
      const rows = await db.open.db.selectFrom('webhook_calls' as never).select(({ fn }) => fn.countAll<number>().as('n'))
        .where('webhook_id' as never, '=', 'w1' as never).where('status' as never, '=', 'done' as never).executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBeLessThanOrEqual(3 + 31);
      expect((await repos().webhookCalls.findForDelivery('s1', 'w1', ['p999']))?.calls.map((c) => c.id)).toEqual(['p999']);
    });

    it('deleting the webhook deletes its calls', async () => {
      await repos().webhooks.delete('s1', 'w1');
      expect(await repos().webhookCalls.findForDelivery('s1', 'w1', ['p999'])).toBeUndefined();
      expect(await db.open.db.selectFrom('webhook_calls' as never).selectAll().where('webhook_id' as never, '=', 'w1' as never).execute()).toEqual([]);
      expect(await repos().webhookCalls.health('s1', 'w1', 500)).toEqual({ total: 0, healthy: 0 });
    });
  });
}
