import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { NewWebhookEventPayload, WebhookCallOutcome } from '../port/index.ts';
import { explainingPlans, scansOf } from './plan-shapes.test-support.ts';
import { callLogPrunes, webhookCallsRepository } from './webhook-calls-repository.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: webhook calls repository`, () => {
    let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
    const repos = () => db.storage.repos;
    let userId: string;
    beforeAll(async () => {
      db = await openMigratedDatabase(kind);
      ({ userId } = await insertSpace(db.storage, 's1'));
      for (const id of ['w1', 'w2']) {
        await repos().webhooks.insert({
          spaceId: 's1',
          id,
          name: id,
          url: 'https://example.com',
          topics: ['*.*'],
          filters: null,
          headers: [{ key: 'X-A', value: 'b', secret: true }],
          httpBasicUsername: null,
          httpBasicPassword: null,
          active: true,
          transformation: { method: 'PUT', body: { b: 1, a: 2 } },
          createdBy: userId,
        });
      }
    });
    afterAll(async () => {
      await db.close();
    });

    it(
      kind === 'postgres'
        ? 'keeps the call log unlogged on a server (no WAL for its rows)'
        : "keeps the call log logged in the embedded database (its crash is the process's)",
      async () => {
        const { rows } = await sql<{
          persistence: string;
        }>`select relpersistence as persistence from pg_class where relname = 'webhook_calls'`.execute(db.open.db);
        expect(rows[0]?.persistence).toBe(kind === 'postgres' ? 'u' : 'p');
      },
    );

    const payload = (eventId: string, body: unknown = { z: 1, sys: { id: 'e1' }, a: [2] }): NewWebhookEventPayload => ({
      eventId,
      spaceId: 's1',
      topic: 'ContentManagement.Entry.save',
      entityType: 'Entry',
      entityId: 'e1',
      environmentId: 'master',
      actorId: 'u1',
      eventAt: '2026-01-02T03:04:05.678Z',
      scheduledActionId: null,
      body,
    });
    let n = 0;
    const outcome = (
      eventId: string,
      statusCode: number,
      body: string | null = null,
      attempt = 1,
    ): WebhookCallOutcome => ({
      id: `c${(n += 1)}`,
      eventId,
      attempt,
      url: 'https://example.com/x',
      statusCode,
      errors: [],
      requestAt: new Date().toISOString(),
      responseAt: new Date().toISOString(),
      request: { method: 'POST', headers: { 'X-Z': '1', 'X-A': '2' }, body, timeout: 30_000 },
      response: { headers: { b: '1', a: '2' }, body: 'ok' },
    });

    it('stores an event payload once and reads the calls of a webhook about events with its definition and the signing secret', async () => {
      await repos().webhookCalls.insertPayloads([payload('1'), payload('2', [3])]);
      await repos().webhookCalls.insertPayloads([payload('1', { other: true })]);
      const found = await repos().webhookCalls.findForDelivery('s1', 'w1', ['2', '1', '404'], 1, false);
      expect(found?.calls.map((c) => c.eventId)).toEqual(['1', '2']);
      expect(found?.calls[0]).toMatchObject({
        spaceId: 's1',
        eventId: '1',
        attempt: 1,
        topic: 'ContentManagement.Entry.save',
        actorId: 'u1',
        eventAt: '2026-01-02T03:04:05.678Z',
      });
      // The body is the JSON text it was rendered as, key order kept; the first payload of an event stays.
      expect(found?.calls[0]!.body).toBe('{"z":1,"sys":{"id":"e1"},"a":[2]}');
      expect(found?.definition).toMatchObject({
        id: 'w1',
        headers: [{ key: 'X-A', value: 'b', secret: true }],
        transformation: { method: 'PUT', body: { b: 1, a: 2 } },
      });
      expect(JSON.stringify(found?.definition.transformation)).toBe('{"method":"PUT","body":{"b":1,"a":2}}');
      expect(found?.signingSecret).toBeUndefined();
      expect(await repos().webhookCalls.findForDelivery('s1', 'gone', ['1'], 1, false)).toBeUndefined();
      expect(await repos().webhookCalls.findForDelivery('other', 'w1', ['1'], 1, false)).toBeUndefined();
      await repos().webhooks.putSigningSecret('s1', 'k'.repeat(64), 'u1');
      expect((await repos().webhookCalls.findForDelivery('s1', 'w2', ['2'], 1, false))?.signingSecret).toBe(
        'k'.repeat(64),
      );
    });

    it('records an attempt once; a run again skips what was recorded; lists recorded calls newest first; counts the healthy ones', async () => {
      expect(await repos().webhookCalls.record('s1', 'w1', [outcome('1', 200), outcome('404', 200)], 500)).toEqual([
        '1',
      ]);
      expect(await repos().webhookCalls.record('s1', 'w1', [outcome('1', 500)], 500)).toEqual([]);
      expect(
        (await repos().webhookCalls.findForDelivery('s1', 'w1', ['1', '2'], 1, true))?.calls.map((c) => c.eventId),
      ).toEqual(['2']);
      expect(
        (await repos().webhookCalls.findForDelivery('s1', 'w1', ['1'], 2, true))?.calls.map((c) => c.eventId),
      ).toEqual(['1']);
      expect(await repos().webhookCalls.list('s1', 'w2', { skip: 0, limit: 20 }, 500)).toEqual({ items: [], total: 0 });
      const { items } = await repos().webhookCalls.list('s1', 'w1', { skip: 0, limit: 20 }, 500);
      expect(items).toHaveLength(1);
      const call = await repos().webhookCalls.find('s1', 'w1', items[0]!.id, 500);
      // A request body left out is the payload as stored.
      expect(call).toMatchObject({
        webhookId: 'w1',
        eventId: '1',
        attempt: 1,
        topic: 'ContentManagement.Entry.save',
        entityId: 'e1',
        statusCode: 200,
        errors: [],
        request: {
          url: 'https://example.com/x',
          method: 'POST',
          body: '{"z":1,"sys":{"id":"e1"},"a":[2]}',
          timeout: 30_000,
        },
        response: { url: 'https://example.com/x', body: 'ok', statusCode: 200 },
      });
      expect(JSON.stringify(call?.request.headers)).toBe('{"X-Z":"1","X-A":"2"}');
      expect(JSON.stringify(call?.response?.headers)).toBe('{"b":"1","a":"2"}');
      expect(await repos().webhookCalls.find('s1', 'w2', items[0]!.id, 500)).toBeUndefined();
      expect(await repos().webhookCalls.health('s1', 'w1', 500)).toEqual({ total: 1, healthy: 1 });
      // A transformed body is recorded as sent; an attempt without an answer has no response.
      const failed = {
        ...outcome('2', 0, 'a=1'),
        statusCode: null,
        errors: ['TimeoutError'],
        response: null,
        responseAt: null,
      };
      expect(await repos().webhookCalls.record('s1', 'w2', [failed], 500)).toEqual(['2']);
      expect(await repos().webhookCalls.find('s1', 'w2', failed.id, 500)).toMatchObject({
        statusCode: null,
        errors: ['TimeoutError'],
        request: { body: 'a=1' },
        response: null,
        responseAt: null,
      });
      expect(await repos().webhookCalls.health('s1', 'w2', 500)).toEqual({ total: 1, healthy: 0 });
    });

    it('stores a call of a few kilobytes as it is (toast_tuple_target), without compressing it; a longer one is still compressed', async () => {
      await repos().webhookCalls.insertPayloads([payload('900'), payload('901')]);
      const [short, long] = [outcome('900', 200, 'x'.repeat(4000)), outcome('901', 200, 'x'.repeat(20_000))];
      expect(await repos().webhookCalls.record('s1', 'w2', [short, long], 500)).toEqual(['900', '901']);
      const { rows } = await sql<{
        id: string;
        compression: string | null;
      }>`select id, pg_column_compression(request_body) as compression
        from webhook_calls where space_id = 's1' and id in (${short.id}, ${long.id}) order by event_id`.execute(
        db.open.db,
      );
      expect(rows.map((r) => r.id)).toEqual([short.id, long.id]);
      expect(rows[0]!.compression).toBeNull();
      expect(rows[1]!.compression).not.toBeNull();
      expect((await repos().webhookCalls.find('s1', 'w2', short.id, 500))?.request.body).toBe('x'.repeat(4000));
      // The payload purge below counts what it deletes.
      await sql`delete from webhook_payloads where event_id in (900, 901)`.execute(db.open.db);
    });

    it('shows the newest `keep` recorded calls of a webhook and deletes older ones as it records', async () => {
      const events = Array.from({ length: 300 }, (_, i) => String(100 + i));
      await repos().webhookCalls.insertPayloads(events.map((id) => payload(id)));
      const ids: string[] = [];
      for (let i = 0; i < events.length; i += 10) {
        const outcomes = events.slice(i, i + 10).map((eventId, k) => outcome(eventId, (i + k) % 2 ? 503 : 200));
        ids.push(...outcomes.map((o) => o.id));
        await repos().webhookCalls.record('s1', 'w1', outcomes, 3);
      }
      const { items, total } = await repos().webhookCalls.list('s1', 'w1', { skip: 0, limit: 20 }, 3);
      expect(total).toBe(3);
      expect(items.map((c) => c.id)).toEqual(ids.slice(-3).reverse());
      expect(await repos().webhookCalls.health('s1', 'w1', 3)).toEqual({ total: 3, healthy: 1 });
      expect(await repos().webhookCalls.find('s1', 'w1', ids.at(-4)!, 3)).toBeUndefined();
      expect((await repos().webhookCalls.list('s1', 'w1', { skip: 1, limit: 1 }, 3)).items.map((c) => c.id)).toEqual([
        ids.at(-2),
      ]);
      // Each recording prunes what the table held before it: the newest 3 and the last 10 recorded are left.
      const rows = await db.open.db
        .selectFrom('webhook_calls' as never)
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('webhook_id' as never, '=', 'w1' as never)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBeLessThanOrEqual(3 + 10);
    });

    it('looks for the oldest kept call above the bound of its last prune, not among every call the webhook had', async () => {
      // Pruned calls stay in the index until a vacuum; with statistics the planner may read all of a webhook's entries.
      // A storage keeps its prune bounds (`callLogPrunes`): a first recording sets this one's, the second starts there.
      const prunes = callLogPrunes();
      await webhookCallsRepository(db.open.db, prunes).record('s1', 'w1', [outcome('398', 200, null, 2)], 3);
      const plans = await explainingPlans(db.open.db, (d) =>
        webhookCallsRepository(d, prunes).record('s1', 'w1', [outcome('399', 200, null, 2)], 3),
      );
      const kept = plans.flatMap((plan) => scansOf(plan, 'webhook_calls')).filter((scan) => scan.Alias === 'o');
      expect(kept.length).toBe(1);
      const bound = /seq >= '(\d+)'::bigint/.exec(JSON.stringify(kept[0]));
      expect(bound, JSON.stringify(kept[0])).not.toBeNull();
      expect(Number(bound![1])).toBeGreaterThan(250);
    });

    it('reads the payloads of a delivery and of its recording by their keys, even while the statistics know nothing of the table', async () => {
      // Never analyzed, the table looks a few rows big: read as a set, every delivery and recording read all of it (and
      // a plan cached then kept doing so as it grew).
      const events = Array.from({ length: 2000 }, (_, i) => String(700_000 + i));
      await repos().webhookCalls.insertPayloads(events.map((id) => payload(id)));
      const outcomes = events.slice(0, 50).map((eventId) => outcome(eventId, 200));
      const plans = await explainingPlans(db.open.db, async (d) => {
        await webhookCallsRepository(d, callLogPrunes()).findForDelivery('s1', 'w2', events.slice(0, 50), 1, false);
        await webhookCallsRepository(d, callLogPrunes()).record('s1', 'w2', outcomes, 500);
      }).finally(() =>
        db.open.db
          .deleteFrom('webhook_payloads' as never)
          .where('event_id' as never, '>=', '700000' as never)
          .execute(),
      );
      expect(plans).toHaveLength(2);
      const scans = plans.map((plan) =>
        scansOf(plan, 'webhook_payloads').map((scan) => `${scan['Node Type']} ${scan['Index Name']}`),
      );
      expect(scans).toEqual([['Index Scan webhook_payloads_pkey'], ['Index Scan webhook_payloads_pkey']]);
    });

    it('prunes once a fifth of `keep` calls were recorded since the last prune; reads never show more than `keep`', async () => {
      await repos().webhooks.insert({
        spaceId: 's1',
        id: 'w3',
        name: 'w3',
        url: 'https://example.com',
        topics: ['*.*'],
        filters: null,
        headers: [],
        httpBasicUsername: null,
        httpBasicPassword: null,
        active: true,
        transformation: null,
        createdBy: userId,
      });
      const stored = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*)::int as n from webhook_calls where webhook_id = 'w3'`.execute(
              db.open.db,
            )
          ).rows[0]!.n,
        );
      const counts: number[] = [];
      for (let attempt = 1; attempt <= 30; attempt++) {
        await repos().webhookCalls.record('s1', 'w3', [outcome('100', 200, null, attempt)], 10);
        counts.push(await stored());
        const { total, items } = await repos().webhookCalls.list('s1', 'w3', { skip: 0, limit: 100 }, 10);
        expect([total, items.length]).toEqual([Math.min(attempt, 10), Math.min(attempt, 10)]);
      }
      // Pruned every second recording (10 / 5): the table holds 11 or 12 calls, never fewer than what is shown.
      expect(Math.max(...counts.slice(12))).toBe(12);
      expect(Math.min(...counts.slice(12))).toBe(11);
    });

    it('prunes from where its last prune ended, and now and then from the start (a call committed below that bound)', async () => {
      let attempt = 100;
      const recordOne = () => repos().webhookCalls.record('s1', 'w2', [outcome('100', 200, null, (attempt += 1))], 2);
      for (let i = 0; i < 4; i++) await recordOne();
      // A call that a concurrent transaction committed below the last prune's bound (the lowest seq of all).
      await sql`insert into webhook_calls (space_id, id, seq, webhook_id, event_id, attempt, topic, entity_type, entity_id, environment_id,
          event_at, url, request_method, request_headers, request_body, request_timeout, request_at)
        overriding system value values ('s1', 'straggler', 0, 'w2', 100, 1, 't', 'Entry', 'e1', 'master', now(), 'https://example.com', 'POST', '{}', '', 1, now())`.execute(
        db.open.db,
      );
      const straggling = async () =>
        (await sql`select 1 from webhook_calls where id = 'straggler'`.execute(db.open.db)).rows.length === 1;
      await recordOne();
      expect(await straggling()).toBe(true);
      expect(
        (await repos().webhookCalls.list('s1', 'w2', { skip: 0, limit: 20 }, 2)).items.map((c) => c.id),
      ).not.toContain('straggler');
      for (let i = 0; i < 64 && (await straggling()); i++) await recordOne();
      expect(await straggling()).toBe(false);
    });

    it('deletes the payloads below the first event a waiting delivery job names', async () => {
      const left = async () =>
        (
          await db.open.db
            .selectFrom('webhook_payloads' as never)
            .select('event_id' as never)
            .orderBy('event_id' as never)
            .execute()
        ).map((r: any) => String(r.event_id));
      const job = await repos().jobs.enqueue('test.deliver', { eventIds: ['150', '160'] });
      expect(await repos().webhookCalls.purgePayloads('test.deliver')).toEqual({ deleted: 52, upTo: '149' });
      expect((await left())[0]).toBe('150');
      await repos().jobs.complete(job);
      // Above an earlier purge's bound only: a payload below it stays until a purge from the start.
      await repos().webhookCalls.insertPayloads([payload('5')]);
      expect(await repos().webhookCalls.purgePayloads('test.deliver', '149')).toEqual({ deleted: 250, upTo: '399' });
      expect(await left()).toEqual(['5']);
      expect(await repos().webhookCalls.purgePayloads('test.deliver')).toEqual({ deleted: 1, upTo: '5' });
      expect(await left()).toEqual([]);
      // What was recorded stays in the log.
      expect((await repos().webhookCalls.list('s1', 'w1', { skip: 0, limit: 1 }, 3)).items[0]!.request.body).toBe(
        '{"z":1,"sys":{"id":"e1"},"a":[2]}',
      );
    });

    it('deleting the webhook or its space deletes its calls; its attempts are not recorded any more', async () => {
      await repos().webhookCalls.insertPayloads([payload('900')]);
      await repos().webhooks.delete('s1', 'w1');
      expect(await repos().webhookCalls.findForDelivery('s1', 'w1', ['900'], 1, false)).toBeUndefined();
      expect(await repos().webhookCalls.record('s1', 'w1', [outcome('900', 200)], 500)).toEqual([]);
      expect(
        await db.open.db
          .selectFrom('webhook_calls' as never)
          .selectAll()
          .where('webhook_id' as never, '=', 'w1' as never)
          .execute(),
      ).toEqual([]);
      expect(await repos().webhookCalls.health('s1', 'w1', 500)).toEqual({ total: 0, healthy: 0 });
      expect(await repos().webhookCalls.record('s1', 'w2', [outcome('900', 200)], 500)).toEqual(['900']);
      await db.open.db
        .deleteFrom('spaces' as never)
        .where('id' as never, '=', 's1' as never)
        .execute();
      expect(
        await db.open.db
          .selectFrom('webhook_calls' as never)
          .selectAll()
          .execute(),
      ).toEqual([]);
    });
  });
}
