import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createTessera } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { insertArticles } from './article-rows.ts';
import { createPublished, VERSION_HEADER, type ContentSpace } from './content-space.ts';
import { httpClient, type HttpClient } from './http-client.ts';
import { measure, type LoadFigures } from './load.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { fixed, verdict } from './stats.ts';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const AUTHORS = 100;
/** insertArticles publishes nine in ten: 11,112 rows give exactly 10,000 published articles. */
export const ARTICLE_ROWS = 11_112;
const PUBLISHED = 10_000;
const STATEMENT_SAMPLES = 50;
export const GRAPHQL_QUERY =
  '{ articleCollection(where: {views_gt: 500}, order: [publishedAt_DESC], limit: 20) ' +
  '{ items { title views publishedAt author { name } } } }';

const log = (line = '') => console.log(line);
const elapsed = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const RATE_LIMITS_OFF = { TESSERA_RATE_LIMIT_PER_SECOND: '0', TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: '0' };

const field = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  type,
  localized: false,
  required: false,
  disabled: false,
  omitted: false,
  validations: [],
  ...extra,
});

/** The article type of insertArticles, its author link validated to `person` so GraphQL types it as Person. */
const ARTICLE_FIELDS = [
  field('title', 'Symbol', { localized: true }),
  field('slug', 'Symbol'),
  field('views', 'Integer'),
  field('publishedAt', 'Date'),
  field('body', 'Text', { localized: true }),
  field('featured', 'Boolean'),
  field('author', 'Link', { linkType: 'Entry', validations: [{ linkContentType: ['person'] }] }),
];

async function activatedType(client: HttpClient, spaceId: string, id: string, fields: unknown[]): Promise<void> {
  const ct = `/spaces/${spaceId}/environments/master/content_types/${id}`;
  const made = await client.expectStatus(201, 'PUT', ct, { json: { name: id, displayField: 'title', fields } });
  await client.expectStatus(200, 'PUT', `${ct}/published`, { headers: { [VERSION_HEADER]: String(made.sys.version) } });
}

/** Space, de-DE locale (insertArticles writes German titles), the two types, the authors and a delivery token, through the API. */
export async function prepareSpace(client: HttpClient): Promise<{ space: ContentSpace; token: string }> {
  const me = await client.expectStatus(200, 'GET', '/users/me');
  const made = await client.expectStatus(201, 'POST', '/spaces', { json: { name: 'GraphQL', defaultLocale: 'en-US' } });
  const spaceId: string = made.sys.id;
  await client.expectStatus(201, 'POST', `/spaces/${spaceId}/environments/master/locales`, {
    json: { name: 'German', code: 'de-DE', optional: true },
  });
  const person = [field('name', 'Symbol')];
  const ct = `/spaces/${spaceId}/environments/master/content_types/person`;
  const p = await client.expectStatus(201, 'PUT', ct, {
    json: { name: 'person', displayField: 'name', fields: person },
  });
  await client.expectStatus(200, 'PUT', `${ct}/published`, { headers: { [VERSION_HEADER]: String(p.sys.version) } });
  await activatedType(client, spaceId, 'article', ARTICLE_FIELDS);
  const personIds: string[] = [];
  for (let i = 0; i < AUTHORS; i += 1)
    personIds.push(await createPublished(client, spaceId, 'person', { name: { 'en-US': `Person ${i}` } }));
  const key = await client.expectStatus(201, 'POST', `/spaces/${spaceId}/api_keys`, {
    json: { name: 'bench', environments: [{ sys: { type: 'Link', linkType: 'Environment', id: 'master' } }] },
  });
  return { space: { spaceId, userId: me.sys.id, personIds }, token: key.accessToken };
}

interface Target {
  kind: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  seed(space: ContentSpace): Promise<void>;
}

/** The answer checked once, the SQL statements of one warm request counted in a process of our own. */
async function statementsPerRequest(
  target: Target,
  spaceId: string,
  token: string,
): Promise<{ statements: number; body: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    TESSERA_ADMIN_TOKEN: TOKEN,
    ...RATE_LIMITS_OFF,
    ...target.env,
  });
  const tessera = await createTessera(config);
  try {
    await tessera.jobs.stop();
    const { port } = await tessera.listen(0, '127.0.0.1');
    const client = httpClient(`http://127.0.0.1:${port}`, { Authorization: `Bearer ${token}` });
    const url = `/content/v1/spaces/${spaceId}?query=${encodeURIComponent(GRAPHQL_QUERY)}`;
    try {
      const first = await client.expectStatus(200, 'GET', url);
      const items = first.data?.articleCollection?.items;
      if (!Array.isArray(items) || items.length !== 20 || items.some((i: any) => i.views <= 500 || !i.author?.name)) {
        throw new Error(`unexpected answer: ${JSON.stringify(first).slice(0, 500)}`);
      }
      const before = tessera.database.statements();
      for (let i = 0; i < STATEMENT_SAMPLES; i += 1) await client.expectStatus(200, 'GET', url);
      return { statements: (tessera.database.statements() - before) / STATEMENT_SAMPLES, body: JSON.stringify(first) };
    } finally {
      client.close();
    }
  } finally {
    await tessera.close();
  }
}

/** Every request runs its query: what the engine costs when the response cache cannot answer. */
const UNCACHED = { TESSERA_GRAPHQL_RESPONSE_CACHE_MB: '0' };

interface TargetFigures {
  bare: LoadFigures;
  uncached: LoadFigures;
  cached: LoadFigures;
  statements: number;
}

async function measureTarget(target: Target): Promise<TargetFigures> {
  const start = (env: Record<string, string> = {}) =>
    startChild({
      script: SERVER_SCRIPT,
      readyPath: '/users/me',
      headers: AUTH,
      env: { TESSERA_ADMIN_TOKEN: TOKEN, ...RATE_LIMITS_OFF, ...target.env, ...env },
    });
  let phase = performance.now();
  let server = await start();
  const client = httpClient(server.baseUrl, AUTH);
  let prepared: Awaited<ReturnType<typeof prepareSpace>>;
  try {
    prepared = await prepareSpace(client);
  } finally {
    client.close();
    await server.stop();
  }
  await target.seed(prepared.space);
  log(
    `  ${target.kind}: space, ${AUTHORS} authors through the API, ${ARTICLE_ROWS} article rows (${PUBLISHED} published) in SQL: ${elapsed(phase)}`,
  );
  const { spaceId } = prepared.space;
  const load = (url: string, headers?: Record<string, string>, serverPid?: number) =>
    measure({ url, headers, connections: CLIENTS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, serverPid });
  const run = async (env: Record<string, string>) => {
    const tessera = await start(env);
    try {
      return await load(
        `${tessera.baseUrl}/content/v1/spaces/${spaceId}?query=${encodeURIComponent(GRAPHQL_QUERY)}`,
        { Authorization: `Bearer ${prepared.token}` },
        tessera.process.pid,
      );
    } finally {
      await tessera.stop();
    }
  };
  const uncached = await run(UNCACHED);
  const cached = await run({});
  // Counted in this process, with this tree's code, which migrates the database to it: after a baseline's loads.
  const { statements, body } = await statementsPerRequest(
    { ...target, env: { ...target.env, ...UNCACHED } },
    spaceId,
    prepared.token,
  );
  const bareServer = await startChild({ script: 'bench/bare-server.ts', readyPath: '/', env: { BARE_BODY: body } });
  let bare: LoadFigures;
  try {
    bare = await load(`${bareServer.baseUrl}/`);
  } finally {
    await bareServer.stop();
  }
  return { bare, uncached, cached, statements };
}

const row = (label: string, f: LoadFigures) =>
  `  ${label.padEnd(34)}${Math.round(f.requestsPerSecond).toString().padStart(9)}${f.p50.toFixed(1).padStart(9)}${f.p99.toFixed(1).padStart(9)}${String(f.failures).padStart(10)}`;

/** Issue 4: the GraphQL Content API under 16 concurrent clients, on PGlite and PostgreSQL, beside a bare Node server. */
export async function runGraphqlBench(): Promise<void> {
  log(
    `== GraphQL (issue 4): ${CLIENTS} clients, ${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up, rate limits off ==`,
  );
  log(`query: ${GRAPHQL_QUERY}\n`);
  const targets: Target[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-graphql-'));
  targets.push({
    kind: 'PGlite',
    env: { TESSERA_DATA_DIR: dataDir },
    async seed(space) {
      // The server is stopped, so this process may open its data directory; insertArticles needs only `query`.
      const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await insertArticles(
          { query: (text: string, values?: unknown[]) => pglite.query(text, values) } as unknown as pg.ClientBase,
          space,
          0,
          ARTICLE_ROWS,
        );
      } finally {
        await pglite.close();
      }
    },
  });
  const database = await benchDatabase();
  if (database) {
    targets.push({
      kind: 'PostgreSQL',
      env: { DATABASE_URL: database.url },
      async seed(space) {
        const db = new pg.Client({ connectionString: database.url });
        await db.connect();
        try {
          await insertArticles(db, space, 0, ARTICLE_ROWS);
        } finally {
          await db.end();
        }
      },
    });
  } else {
    log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
  }
  const results: Array<[Target, Awaited<ReturnType<typeof measureTarget>>]> = [];
  try {
    for (const target of targets) results.push([target, await measureTarget(target)]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  log('');
  log(
    `  ${'server'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(10)}`,
  );
  for (const [target, r] of results) {
    log(row(`bare node http (${target.kind} run)`, r.bare));
    log(row(`tessera, ${target.kind}, uncached`, r.uncached));
    log(row(`tessera, ${target.kind}, response cache`, r.cached));
  }
  log('');
  const aim = (f: LoadFigures) =>
    ` (aim >= 1000 req/s: ${verdict(f.requestsPerSecond >= 1000)}, p50 < 15 ms: ${verdict(f.p50 < 15)})`;
  for (const [target, r] of results) {
    const pg = target.kind === 'PostgreSQL';
    log(
      `  ${target.kind}, uncached (every request runs the query): ${fixed(r.statements, 1)} SQL statements per request; ${fixed((r.uncached.requestsPerSecond / r.bare.requestsPerSecond) * 100, 0)}% of bare${pg ? aim(r.uncached) : ''}`,
    );
    const cpu = r.uncached.cpuMsPerRequest;
    if (cpu)
      log(
        `    CPU per request: server ${fixed(cpu.server, 2)} ms${pg ? `, PostgreSQL ${fixed(cpu.postgres, 2)} ms` : ' (PGlite runs inside it)'}`,
      );
    log(
      `  ${target.kind}, response cache (repeats answered from memory, 0 SQL statements): ${fixed((r.cached.requestsPerSecond / r.bare.requestsPerSecond) * 100, 0)}% of bare${pg ? aim(r.cached) : ''}`,
    );
  }
  log('');
}
