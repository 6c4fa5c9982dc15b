import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, type LoadFigures } from './load.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, type Child, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { fixed, verdict } from './stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const ROUNDS = Number(process.env.BENCH_USAGE_ROUNDS ?? 2);
/** Issue 37: metering may cost at most 3% of the throughput of a fixed read. */
const AIM = 0.03;

const log = (line = '') => console.log(line);

const start = (env: Record<string, string>) =>
  startChild({
    script: SERVER_SCRIPT,
    readyPath: '/users/me',
    headers: AUTH,
    env: { TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0', ...env },
  });

/** A new space: the path of its master locales, the fixed read. */
async function target(server: Child): Promise<string> {
  const response = await fetch(`${server.baseUrl}/spaces`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Usage bench' }),
  });
  if (response.status !== 201) throw new Error(`creating the bench space failed: ${response.status}`);
  const spaceId = ((await response.json()) as { sys: { id: string } }).sys.id;
  return `${server.baseUrl}/spaces/${spaceId}/environments/master/locales`;
}

const mean = (figures: LoadFigures[], pick: (f: LoadFigures) => number) =>
  figures.reduce((sum, f) => sum + pick(f), 0) / Math.max(figures.length, 1);

/**
 * Both servers run side by side (on PostgreSQL on one database, as two processes of a deployment); their loads
 * alternate, so the machine's drift hits both alike.
 */
async function compare(label: string, env: () => Record<string, string>): Promise<void> {
  const off = await start({ ...env(), TESSERA_USAGE_METERING: '0' });
  const on = await start({ ...env(), TESSERA_USAGE_METERING: '1' });
  try {
    const urls = { off: await target(off), on: await target(on) };
    const figures: Record<'off' | 'on', LoadFigures[]> = { off: [], on: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const server = variant === 'on' ? on : off;
        figures[variant].push(
          await measure({
            url: urls[variant],
            headers: AUTH,
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: 2,
            serverPid: server.process.pid,
          }),
        );
      }
    }
    const rps = {
      off: mean(figures.off, (f) => f.requestsPerSecond),
      on: mean(figures.on, (f) => f.requestsPerSecond),
    };
    for (const variant of ['off', 'on'] as const) {
      const f = figures[variant];
      log(
        `  ${`${label}, metering ${variant}`.padEnd(34)}${fixed(rps[variant], 0).padStart(8)} req/s, p50 ${fixed(mean(f, (x) => x.p50))} ms, p99 ${fixed(mean(f, (x) => x.p99))} ms, ` +
          `server CPU ${fixed(
            mean(f, (x) => x.cpuMsPerRequest?.server ?? NaN),
            3,
          )} ms/request, ${f.reduce((s, x) => s + x.failures, 0)} non-2xx`,
      );
    }
    const cost = 1 - rps.on / rps.off;
    log(
      `  metering costs ${fixed(cost * 100)}% of the throughput (aim within ${AIM * 100}%: ${verdict(cost <= AIM)})\n`,
    );
  } finally {
    await Promise.all([off.stop(), on.stop()]);
  }
}

/**
 * Issue 37's figure: the request throughput of a fixed read (GET the master locales) with usage metering on and off
 * in the same run (`TESSERA_USAGE_METERING`), on the embedded database and on PostgreSQL when one is reachable.
 */
export async function runUsageBench(): Promise<void> {
  log(
    `== Usage metering (issue 37): GET /spaces/{s}/environments/master/locales, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s ==`,
  );
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-usage-'));
    dirs.push(dir);
    return dir;
  };
  try {
    await compare('PGlite', () => ({ TESSERA_DATA_DIR: dataDir() }));
    const database = await benchDatabase();
    if (database) {
      try {
        await compare('PostgreSQL', () => ({ DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    } else {
      log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    }
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
