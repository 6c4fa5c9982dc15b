import pg from 'pg';
import { measure } from './load.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { fixed, verdict } from './stats.ts';

/**
 * Issue 21: listing 10,000 organization memberships with a filter, an order on the user's last name and the users
 * included (`GET /organizations/{o}/organization_memberships?role=member&order=sys.user.lastName&include=sys.user`,
 * pages of 100), p50 at 16 clients on PostgreSQL; aim under 20 ms. The members are written in SQL, set-based.
 * Lists are answered from the read cache until a write changes them; pages not read before (cache misses, read from
 * the database) are timed one at a time after the run.
 */
const MEMBERS = 10_000;
const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const log = (line = '') => console.log(line);

async function insertMembers(db: pg.Client, organizationId: string): Promise<void> {
  await db.query(
    `insert into users (id, email, first_name, last_name)
    select 'bench-user-' || g, 'bench-' || g || '@example.test', 'First' || (g % 97), 'Last' || lpad((g * 7919 % $1)::text, 5, '0')
    from generate_series(1, $1::int) as g`,
    [MEMBERS],
  );
  await db.query(
    `insert into organization_memberships (id, organization_id, user_id, role, status, created_at)
    select 'bench-membership-' || g, $2, 'bench-user-' || g, case when g % 10 = 0 then 'developer' else 'member' end, 'active', now() - g * interval '1 s'
    from generate_series(1, $1::int) as g`,
    [MEMBERS, organizationId],
  );
  await db.query('analyze users; analyze organization_memberships');
}

/** The median time of single requests for pages the run did not read (each a cache miss). */
async function missMedianMs(url: string): Promise<number> {
  const times: number[] = [];
  for (let page = 1; page <= 9; page++) {
    const started = performance.now();
    const response = await fetch(`${url}&skip=${page * 100}`, { headers: AUTH });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export async function runUmCollectionsBench(): Promise<void> {
  log('== User-management collections (issue 21), PostgreSQL ==');
  const database = await benchDatabase();
  if (!database) {
    log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    return;
  }
  const env = { TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0', DATABASE_URL: database.url };
  const server = await startChild({ script: SERVER_SCRIPT, readyPath: '/users/me', headers: AUTH, env });
  const db = new pg.Client({ connectionString: database.url });
  try {
    await db.connect();
    const organizations = (await (await fetch(`${server.baseUrl}/organizations`, { headers: AUTH })).json()) as {
      items: Array<{ sys: { id: string } }>;
    };
    const organizationId = organizations.items[0]!.sys.id;
    await insertMembers(db, organizationId);
    const url = `${server.baseUrl}/organizations/${organizationId}/organization_memberships?role=member&order=sys.user.lastName&include=sys.user`;
    const check = (await (await fetch(url, { headers: AUTH })).json()) as {
      total: number;
      items: unknown[];
      includes?: { User?: unknown[] };
    };
    if (check.total !== MEMBERS * 0.9 || check.items.length !== 100 || check.includes?.User?.length !== 100) {
      throw new Error(
        `unexpected answer: total ${check.total}, ${check.items.length} items, ${check.includes?.User?.length} users included`,
      );
    }
    const f = await measure({
      url,
      headers: AUTH,
      connections: CLIENTS,
      seconds: SECONDS,
      warmupSeconds: 2,
      serverPid: server.process.pid,
    });
    log(
      `(${database.label}) ${MEMBERS} memberships, role=member (${check.total}), order=sys.user.lastName, include=sys.user, pages of 100, ${CLIENTS} clients, ${SECONDS} s:`,
    );
    log(
      `  ${fixed(f.requestsPerSecond, 0)} req/s, p50 ${fixed(f.p50)} ms (aim < 20 ms: ${verdict(f.p50 < 20)}), p99 ${fixed(f.p99)} ms, ${f.failures} failed`,
    );
    if (f.cpuMsPerRequest)
      log(
        `  CPU per request: server ${fixed(f.cpuMsPerRequest.server, 2)} ms, PostgreSQL ${fixed(f.cpuMsPerRequest.postgres, 2)} ms`,
      );
    log(`  pages not read before (cache misses, one client): median ${fixed(await missMedianMs(url))} ms`);
    log();
  } finally {
    await db.end();
    await server.stop();
    await database.drop();
  }
}
