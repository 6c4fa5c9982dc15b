import { articleFields, measureEntryThroughput, type ThroughputFigures } from './entry-throughput.ts';
import { CONTENT_TYPE_HEADER, prepareContentSpace, VERSION_HEADER, type ContentSpace } from './content-space.ts';
import type { HttpClient } from './http-client.ts';
import { AUTH } from './processes.ts';
import { withWebhookBench, type Receiver } from './webhook-bench-setup.ts';
import { fixed, quantile, verdict } from './stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 4);
const HOOKS = 3;
/** Published person entries of each space, made before the hooks. */
const PERSONS = 10;
const LATENCY_SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 200);

const log = (line = '') => console.log(line);

async function addHooks(client: HttpClient, spaceId: string, url: string): Promise<void> {
  for (let i = 0; i < HOOKS; i += 1) {
    await client.expectStatus(201, 'POST', `/spaces/${spaceId}/webhook_definitions`, {
      json: { name: `Bench ${i}`, url: `${url}/hook/${i}`, topics: ['Entry.publish'] },
    });
  }
}

/** One client, one entry at a time: from sending the publish to the first of its calls arriving. */
async function measureLatency(
  client: HttpClient,
  space: ContentSpace,
  receiver: Receiver,
): Promise<{ p50: number; p99: number; publishP50: number }> {
  const latencies: number[] = [];
  const publishes: number[] = [];
  const entries = `/spaces/${space.spaceId}/environments/master/entries`;
  receiver.track();
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const made = await client.expectStatus(201, 'POST', entries, {
      json: { fields: articleFields(i, space.personIds[0]!) },
      headers: { [CONTENT_TYPE_HEADER]: 'article' },
    });
    const sent = performance.now();
    await client.expectStatus(200, 'PUT', `${entries}/${made.sys.id}/published`, {
      headers: { [VERSION_HEADER]: String(made.sys.version) },
    });
    publishes.push(performance.now() - sent);
    const deadline = Date.now() + 10_000;
    while (!receiver.arrivals.has(made.sys.id) && Date.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve));
    const arrived = receiver.arrivals.get(made.sys.id);
    if (arrived === undefined) throw new Error(`no webhook call for ${made.sys.id} within 10 s`);
    latencies.push(arrived - sent);
  }
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), publishP50: quantile(publishes, 0.5) };
}

const line = (label: string, t: ThroughputFigures) =>
  `  ${label.padEnd(34)}${fixed(t.entriesPerSecond, 0).padStart(7)} entries/s, ` +
  `POST + PUT published p50 ${fixed(t.p50)} ms, p99 ${fixed(t.p99)} ms; ${t.entries} entries, ${t.failures} failed; ` +
  `CPU per entry: server ${fixed(t.cpuMsPerEntry.server, 2)} ms, PostgreSQL ${fixed(t.cpuMsPerEntry.postgres, 2)} ms, ` +
  `bench process (load generator and receiver) ${fixed(t.cpuMsPerEntry.client, 2)} ms`;

/**
 * Issue 22's figures on PostgreSQL: entry create + publish throughput in a space with 3 active webhooks (Entry.publish,
 * to a receiver on loopback in this process) beside a space without, in alternating rounds on one server; then the
 * publish-to-delivery latency on the idle server. The receiver shares the machine with the load generator, on a
 * thread of its own.
 */
export async function runWebhooksBench(): Promise<void> {
  log(`== Webhooks (issue 22): create + publish with ${HOOKS} webhooks to a loopback receiver, PostgreSQL ==`);
  const ran = await withWebhookBench(async ({ receiver, server, client, db, dbName }) => {
    const plain = await prepareContentSpace(client, 'Without webhooks', PERSONS);
    const hooked = await prepareContentSpace(client, 'With webhooks', PERSONS);
    await addHooks(client, hooked.spaceId, receiver.url);
    const analyze = () => db.query('analyze');
    const totals = { plain: 0, hooked: 0 };
    /** Each round's ratio (with / without): their spread shows how much the machine drifted meanwhile. */
    const roundRatios: number[] = [];
    let plainThisRound = 0;
    const cpu = { plain: { server: 0, postgres: 0, client: 0 }, hooked: { server: 0, postgres: 0, client: 0 } };
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [which, space] of [
        ['plain', plain],
        ['hooked', hooked],
      ] as const) {
        const before = receiver.received;
        const t = await measureEntryThroughput(
          { url: server.baseUrl, headers: AUTH },
          space,
          CLIENTS,
          SECONDS,
          2,
          server.process.pid,
          dbName,
          analyze,
        );
        totals[which] += t.entriesPerSecond;
        if (which === 'plain') plainThisRound = t.entriesPerSecond;
        else roundRatios.push(t.entriesPerSecond / plainThisRound);
        for (const part of ['server', 'postgres', 'client'] as const)
          cpu[which][part] += t.cpuMsPerEntry[part] / ROUNDS;
        log(line(`round ${round}, ${which === 'plain' ? 'no webhooks' : `${HOOKS} webhooks`}`, t));
        if (which === 'hooked') {
          // Every publish in the space since the hooks were made (the warm-up's too) makes HOOKS calls; requests still in
          // flight when the load stopped may publish a moment later.
          const drainStart = performance.now();
          let expected = 0;
          do {
            await new Promise((resolve) => setTimeout(resolve, 10));
            const { rows } = await db.query(
              `select count(*)::int as n from entries where space_id = $1 and published_version is not null`,
              [hooked.spaceId],
            );
            expected = (rows[0].n - PERSONS) * HOOKS;
          } while (receiver.received < expected && performance.now() - drainStart < 60_000);
          log(
            `    ${receiver.received - before} calls this round, ${receiver.received} of ${expected} so far; the last arrived ` +
              `${fixed((performance.now() - drainStart) / 1000, 1)} s after the load stopped`,
          );
        }
      }
    }
    log(`  ${receiver.received} calls in all, ${receiver.duplicates} of them sent twice (same idempotency key)`);
    const ratio = totals.hooked / totals.plain;
    log(
      `With ${HOOKS} webhooks / without, over ${ROUNDS} alternating rounds: ${fixed(ratio * 100, 1)}% (aim >= 80%: ${verdict(ratio >= 0.8)}; ` +
        `rounds ${roundRatios.map((r) => `${fixed(r * 100, 1)}%`).join(', ')})`,
    );
    const added = (part: keyof typeof cpu.plain) => fixed(cpu.hooked[part] - cpu.plain[part], 2);
    log(
      `  CPU the ${HOOKS} calls add per entry (mean of the rounds): server ${added('server')} ms, PostgreSQL ${added('postgres')} ms, ` +
        `bench process (mostly the receiver) ${added('client')} ms`,
    );
    const latency = await measureLatency(client, hooked, receiver);
    log(
      `Publish-to-delivery latency, one client at a time, ${LATENCY_SAMPLES} publishes (from sending PUT /published to the first call's arrival): ` +
        `p50 ${fixed(latency.p50)} ms (aim < 100 ms idle: ${verdict(latency.p50 < 100)}), p99 ${fixed(latency.p99)} ms; the publish alone p50 ${fixed(latency.publishP50)} ms\n`,
    );
  });
  if (!ran) log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
}
