import jwt from 'jsonwebtoken';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, type LoadFigures } from './load.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, type Child, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { fixed, verdict } from './stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const ROUNDS = Number(process.env.BENCH_APP_ROUNDS ?? 2);
/** Issue 38: a read with an app access token within 10% of the same read with a personal access token. */
const AIM = 0.1;

const log = (line = '') => console.log(line);

async function call(
  server: Child,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = AUTH,
): Promise<any> {
  const response = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A space with an app installed in master: the fixed read (an entry of master) and the app's access token. */
async function arrange(server: Child): Promise<{ url: string; appToken: string }> {
  const organization = (await call(server, 'GET', '/organizations')).items[0].sys.id;
  const space = (await call(server, 'POST', '/spaces', { name: 'App token bench' })).sys.id;
  const m = `/spaces/${space}/environments/master`;
  const type = await call(server, 'PUT', `${m}/content_types/article`, {
    name: 'Article',
    fields: [{ id: 'title', name: 'Title', type: 'Symbol' }],
  });
  await call(server, 'PUT', `${m}/content_types/article/published`, undefined, {
    ...AUTH,
    'X-Service-Version': String(type.sys.version),
  });
  const entry = await call(
    server,
    'POST',
    `${m}/entries`,
    { fields: { title: { 'en-US': 'Read me' } } },
    {
      ...AUTH,
      'X-Service-Content-Type': 'article',
    },
  );
  const apps = `/organizations/${organization}/app_definitions`;
  const app = (await call(server, 'POST', apps, { name: 'Bench app' })).sys.id;
  const key = await call(server, 'POST', `${apps}/${app}/keys`, { generate: true });
  await call(server, 'PUT', `${m}/app_installations/${app}`, {});
  const assertion = jwt.sign({}, key.generated.privateKey, { algorithm: 'RS256', issuer: app, expiresIn: '10m' });
  const issued = await call(server, 'POST', `${m}/app_installations/${app}/access_tokens`, undefined, {
    Authorization: `Bearer ${assertion}`,
  });
  return { url: `${server.baseUrl}${m}/entries/${entry.sys.id}`, appToken: issued.token };
}

const mean = (figures: LoadFigures[], pick: (f: LoadFigures) => number) =>
  figures.reduce((sum, f) => sum + pick(f), 0) / Math.max(figures.length, 1);

/** One server; the two tokens' loads alternate, so the machine's drift hits both alike. */
async function compare(label: string, env: Record<string, string>): Promise<void> {
  const server = await startChild({
    script: SERVER_SCRIPT,
    readyPath: '/users/me',
    headers: AUTH,
    env: { TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0', ...env },
  });
  try {
    const { url, appToken } = await arrange(server);
    const headers = { personal: AUTH, app: { Authorization: `Bearer ${appToken}` } };
    const figures: Record<'personal' | 'app', LoadFigures[]> = { personal: [], app: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const variant of round % 2 ? (['app', 'personal'] as const) : (['personal', 'app'] as const))
        figures[variant].push(
          await measure({
            url,
            headers: headers[variant],
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: 2,
            serverPid: server.process.pid,
          }),
        );
    const rps = {
      personal: mean(figures.personal, (f) => f.requestsPerSecond),
      app: mean(figures.app, (f) => f.requestsPerSecond),
    };
    for (const variant of ['personal', 'app'] as const) {
      const f = figures[variant];
      log(
        `  ${`${label}, ${variant} token`.padEnd(30)}${fixed(rps[variant], 0).padStart(8)} req/s, p50 ${fixed(mean(f, (x) => x.p50))} ms, p99 ${fixed(mean(f, (x) => x.p99))} ms, ` +
          `${f.reduce((s, x) => s + x.failures, 0)} non-2xx`,
      );
    }
    const cost = 1 - rps.app / rps.personal;
    log(`  the app token's read is ${fixed(cost * 100)}% slower (aim within ${AIM * 100}%: ${verdict(cost <= AIM)})\n`);
  } finally {
    await server.stop();
  }
}

/**
 * Issue 38's figure: requests per second of a read of one entry with an app access token beside the same read with
 * a personal access token, in one run, on the embedded database and on PostgreSQL when one is reachable.
 */
export async function runAppTokensBench(): Promise<void> {
  log(
    `== App access tokens (issue 38): GET an entry of master, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s ==`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-apps-'));
  try {
    await compare('PGlite', { TESSERA_DATA_DIR: dir });
    const database = await benchDatabase();
    if (!database) return log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    try {
      await compare('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
