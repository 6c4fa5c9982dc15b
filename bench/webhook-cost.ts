import { articleFields } from './entry-throughput.ts';
import { CONTENT_TYPE_HEADER, prepareContentSpace, VERSION_HEADER } from './content-space.ts';
import { cpuBetween, sampleCpu, threadCpuMs } from './cpu-time.ts';
import { fixed } from './stats.ts';
import { withWebhookBench } from './webhook-bench-setup.ts';

const HOOKS = 3;
const ENTRIES = Number(process.env.BENCH_WEBHOOK_COST_ENTRIES ?? 8000);
const WRITERS = 8;

const log = (line = '') => console.log(line);
const perCall = (ms: number, calls: number) => `${fixed((ms / Math.max(calls, 1)) * 1000, 0)} µs`;

/**
 * What a webhook call costs with no API load, for speed work on delivery: entries are made and published while the
 * space's 3 webhooks are inactive, then the webhooks are switched on and the events marked undispatched, and the
 * server fans them out and sends them (3 calls per publish) to a loopback receiver in this process. CPU per call of
 * the server's threads (main, the busiest other one, which is the webhook thread on PostgreSQL, the rest: V8's and
 * libuv's helpers), of PostgreSQL and of the receiver, over the whole fan-out (the first calls pay for JIT compilation too).
 */
export async function runWebhookCostBench(): Promise<void> {
  log(`== Webhook call cost without API load: ${ENTRIES} publishes x ${HOOKS} webhooks, PostgreSQL ==`);
  const ran = await withWebhookBench(async ({ receiver, server, client, db, dbName }) => {
    const space = await prepareContentSpace(client, 'Webhook cost', 3);
    for (let i = 0; i < HOOKS; i += 1) {
      await client.expectStatus(201, 'POST', `/spaces/${space.spaceId}/webhook_definitions`, {
        json: { name: `Cost ${i}`, url: `${receiver.url}/cost/${i}`, topics: ['Entry.publish'], active: false },
      });
    }
    const entries = `/spaces/${space.spaceId}/environments/master/entries`;
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = next++; i < ENTRIES; i = next++) {
          const made = await client.expectStatus(201, 'POST', entries, {
            json: { fields: articleFields(i, space.personIds[0]!) },
            headers: { [CONTENT_TYPE_HEADER]: 'article' },
          });
          await client.expectStatus(200, 'PUT', `${entries}/${made.sys.id}/published`, {
            headers: { [VERSION_HEADER]: String(made.sys.version) },
          });
        }
      }),
    );
    // The events were fanned out to no call (no active webhook); made before the webhooks' creation time, they would
    // reach none after it either.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await db.query(
      `update webhook_definitions set active = true, created_at = now() - interval '1 hour' where space_id = $1`,
      [space.spaceId],
    );
    const pid = server.process.pid!;
    const expected = receiver.received + ENTRIES * HOOKS;
    const threadsBefore = threadCpuMs(pid);
    const before = sampleCpu(pid, dbName);
    const receiverBefore = process.cpuUsage();
    const started = performance.now();
    await db.query(
      `update content_events set dispatched_at = null where space_id = $1 and entity_type = 'Entry' and action = 'publish'
      and entity_id <> all($2::text[])`,
      [space.spaceId, space.personIds],
    );
    while (receiver.received < expected && performance.now() - started < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const elapsed = performance.now() - started;
    const receiverUsed = process.cpuUsage(receiverBefore);
    const used = cpuBetween(before, sampleCpu(pid, dbName));
    const byThread = [...threadCpuMs(pid)].map(([tid, ms]) => ({ tid, ms: ms - (threadsBefore.get(tid) ?? 0) }));
    const main = byThread.find((t) => t.tid === pid)?.ms ?? 0;
    const busiest = byThread.filter((t) => t.tid !== pid).sort((a, b) => b.ms - a.ms)[0]?.ms ?? 0;
    const calls = receiver.received - (expected - ENTRIES * HOOKS);
    log(
      `  ${calls} of ${ENTRIES * HOOKS} calls in ${fixed(elapsed / 1000, 1)} s (${fixed(calls / (elapsed / 1000), 0)} calls/s); CPU per call: server ${perCall(used.server, calls)} ` +
        `(main thread ${perCall(main, calls)}, busiest other thread ${perCall(busiest, calls)}, the rest ${perCall(used.server - main - busiest, calls)}), ` +
        `PostgreSQL ${perCall(used.postgres, calls)}, the receiver (this process) ${perCall((receiverUsed.user + receiverUsed.system) / 1000, calls)}\n`,
    );
  });
  if (!ran) log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
}
