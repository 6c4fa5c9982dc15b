import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runContentBench } from './content.ts';
import { cpuReferenceMs } from './cpu-reference.ts';
import { runGraphqlBench } from './graphql.ts';
import { runFragmentBombBench } from './graphql-fragment-bomb.ts';
import { runLinkReadBench } from './link-read.ts';
import { runMemberThroughputBench } from './member-throughput.ts';
import { runUploadBench } from './upload-part.ts';
import { runUmCollectionsBench } from './um-collections.ts';
import { runWebhookCostBench } from './webhook-cost.ts';
import { runWebhooksBench } from './webhooks.ts';
import { runUsageBench } from './usage.ts';
import { runAppTokensBench } from './app-tokens.ts';
import { measure, type LoadFigures } from './load.ts';
import { benchDatabase } from './postgres.ts';
import { prepareBaseline } from './baseline.ts';
import { AUTH, buildServer, type Child, ROOT, SERVER_SCRIPT, startChild, TOKEN, withServerTree } from './processes.ts';

/**
 * `make bench`: prints figures, asserts nothing. Every server runs in its own child process; the load
 * generator (autocannon) runs here. Set BENCH_SECONDS to change the length of each measured run, and
 * BENCH_PARTS (default `foundation,content,usage`) to choose the parts. The server runs compiled, as `npm start` runs
 * it (BENCH_SCRIPT=src/main.ts runs the sources under tsx). The webhooks part alternates BENCH_WEBHOOK_ROUNDS
 * (default 4: single rounds here swing between 72% and 90%) rounds of each kind: more rounds average out this
 * machine's drift. BENCH_BASELINE=REV builds that commit beside this tree and runs each part on both, baseline first,
 * BENCH_BASELINE_ROUNDS times (default 1): a change's figures beside its parent's, on one machine state.
 */
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const AIM = 0.25;
const BASELINE_ROUNDS = Number(process.env.BENCH_BASELINE_ROUNDS ?? 1);

const startTessera = (env: Record<string, string>) =>
  startChild({
    script: SERVER_SCRIPT,
    readyPath: '/users/me',
    headers: AUTH,
    env: { TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0', ...env },
  });

const hasOperation = (operationId: string) =>
  fs
    .readFileSync(path.join(ROOT, 'generated/openapi/3.1.0/Tessera.Management.openapi.json'), 'utf8')
    .includes(`"operationId": "${operationId}"`);

/** Creates a space and returns the path to load: the master locales, or the space itself while locales are missing. */
async function prepareTarget(server: Child): Promise<string> {
  const response = await fetch(`${server.baseUrl}/spaces`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench' }),
  });
  if (response.status !== 201)
    throw new Error(`creating the bench space failed: ${response.status} ${await response.text()}`);
  const spaceId = ((await response.json()) as { sys: { id: string } }).sys.id;
  return hasOperation('Locales_list') ? `/spaces/${spaceId}/environments/master/locales` : `/spaces/${spaceId}`;
}

const load = (url: string, headers?: Record<string, string>) =>
  measure({ url, headers, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });

const ms = (value: number) => `${Math.round(value)} ms`;
const row = (label: string, f: LoadFigures) =>
  `  ${label.padEnd(32)}${Math.round(f.requestsPerSecond).toString().padStart(9)}${f.p50.toFixed(1).padStart(9)}${f.p99.toFixed(1).padStart(9)}${String(f.failures).padStart(10)}`;

const PARTS: Record<string, () => Promise<void>> = {
  foundation: runFoundationBench,
  content: runContentBench,
  graphql: runGraphqlBench,
  upload: runUploadBench,
  links: runLinkReadBench,
  access: runMemberThroughputBench,
  'graphql-bomb': runFragmentBombBench,
  'um-collections': runUmCollectionsBench,
  webhooks: runWebhooksBench,
  'webhook-cost': runWebhookCostBench,
  usage: runUsageBench,
  'app-tokens': runAppTokensBench,
};

async function main(): Promise<void> {
  const started = Date.now();
  const parts = (process.env.BENCH_PARTS ?? 'foundation,content,usage')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = parts.filter((p) => !(p in PARTS));
  if (unknown.length)
    throw new Error(`BENCH_PARTS: unknown part ${unknown.join(', ')} (known: ${Object.keys(PARTS).join(', ')})`);
  buildServer();
  console.log(`server: ${SERVER_SCRIPT}`);
  console.log(
    `Tessera bench: Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0]!.toFixed(2)}; parts: ${parts.join(', ')}`,
  );
  console.log(`CPU reference (bench/cpu-reference.ts, lower is faster): ${cpuReferenceMs().toFixed(0)} ms\n`);
  const baseline = process.env.BENCH_BASELINE ? prepareBaseline(process.env.BENCH_BASELINE) : undefined;
  try {
    for (const part of parts) {
      if (!baseline) {
        await PARTS[part]!();
        continue;
      }
      for (let round = 1; round <= BASELINE_ROUNDS; round++) {
        console.log(`\n#### ${part}, round ${round}: baseline ${baseline.label}\n`);
        await withServerTree(baseline.root, PARTS[part]!);
        console.log(`\n#### ${part}, round ${round}: this tree\n`);
        await PARTS[part]!();
      }
    }
  } finally {
    baseline?.remove();
  }
  console.log(
    `CPU reference at the end: ${cpuReferenceMs().toFixed(0)} ms (the machine's speed drifts; compare runs through both)`,
  );
  console.log(`bench took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Cold start, and throughput/latency of one read beside a bare Node server and the framework's own ceiling. */
async function runFoundationBench(): Promise<void> {
  console.log(
    `== Foundation: ${CONNECTIONS} connections, ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up ==\n`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  const results: Array<[string, LoadFigures]> = [];
  let target = '';
  try {
    const cold = await startTessera({ TESSERA_DATA_DIR: dataDir });
    console.log(
      `Cold start, embedded database (fresh data dir), spawn -> first 200 on GET /users/me: ${ms(cold.readyAfterMs)}`,
    );
    await cold.stop();
    const pglite = await startTessera({ TESSERA_DATA_DIR: dataDir });
    console.log(
      `Warm restart on the same data dir:                                             ${ms(pglite.readyAfterMs)}\n`,
    );

    try {
      target = await prepareTarget(pglite);
      const sample = await (await fetch(`${pglite.baseUrl}${target}`, { headers: AUTH })).text();
      const bare = await startChild({ script: 'bench/bare-server.ts', readyPath: '/', env: { BARE_BODY: sample } });
      try {
        results.push(['bare node http', await load(`${bare.baseUrl}/`)]);
      } finally {
        await bare.stop();
      }
      const framework = await startChild({
        script: 'bench/framework-server.ts',
        readyPath: '/healthz',
        env: { BARE_BODY: sample },
      });
      try {
        results.push(['express 5 + validator, no work', await load(`${framework.baseUrl}${target}`)]);
      } finally {
        await framework.stop();
      }
      results.push(['tessera, PGlite', await load(`${pglite.baseUrl}${target}`, AUTH)]);
    } finally {
      await pglite.stop();
    }

    const database = await benchDatabase();
    if (database) {
      try {
        const postgres = await startTessera({ DATABASE_URL: database.url });
        try {
          const pgTarget = await prepareTarget(postgres);
          results.push(['tessera, PostgreSQL', await load(`${postgres.baseUrl}${pgTarget}`, AUTH)]);
        } finally {
          await postgres.stop();
        }
      } finally {
        await database.drop();
      }
    } else {
      console.log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`GET ${target.replace(/^\/spaces\/[^/]+/, '/spaces/{s}')}, rate limits off`);
  console.log(
    `  ${'server'.padEnd(32)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(10)}`,
  );
  for (const [label, figures] of results) console.log(row(label, figures));
  const bare = results[0][1].requestsPerSecond;
  console.log('');
  const ceiling = results[1][1].requestsPerSecond;
  console.log(`  express 5 + validator / bare: ${((ceiling / bare) * 100).toFixed(0)}% (the stack's own ceiling)`);
  for (const [label, figures] of results.slice(2)) {
    const ratio = figures.requestsPerSecond / bare;
    console.log(
      `  ${label} / bare: ${(ratio * 100).toFixed(0)}% (aim >= ${AIM * 100}%: ${ratio >= AIM ? 'met' : 'NOT met'}); of the stack's ceiling: ${((figures.requestsPerSecond / ceiling) * 100).toFixed(0)}%`,
    );
  }
  console.log('');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
