import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/databases.ts';
import { call, spawnServer, type ServerProcess } from './support/processes.ts';

/**
 * Scheduled actions on real server processes sharing one PostgreSQL database: due together they run exactly once
 * each, on time, whichever process claims them; due while no process runs, or while the process running one is
 * killed, they run at the next start, once.
 * Runs when TEST_DATABASE_URL is set (CI sets it).
 */
const TOKEN = 'scheduled-processes-admin-token-0123456789';
const VERSION = 'X-Service-Version';
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

async function ok(promise: ReturnType<typeof call>, status = 200) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** A space with an activated content type `article` (title), made through `server`. */
async function articleSpace(server: ServerProcess) {
  const space = await ok(call(server.baseUrl, 'POST', '/spaces', TOKEN, { body: { name: 'Scheduling' } }), 201);
  const m = (path: string) => `/spaces/${space.sys.id}/environments/master/${path}`;
  const ct = await ok(
    call(server.baseUrl, 'PUT', m('content_types/article'), TOKEN, {
      body: { name: 'Article', displayField: 'title', fields: [{ id: 'title', name: 'Title', type: 'Symbol' }] },
    }),
    201,
  );
  await ok(
    call(server.baseUrl, 'PUT', m('content_types/article/published'), TOKEN, {
      headers: { [VERSION]: String(ct.sys.version) },
    }),
  );
  const entry = async (via: ServerProcess) =>
    (
      await ok(
        call(via.baseUrl, 'POST', m('entries'), TOKEN, {
          body: { fields: { title: { 'en-US': 'Due' } } },
          headers: { 'X-Service-Content-Type': 'article' },
        }),
        201,
      )
    ).sys.id as string;
  const schedule = (via: ServerProcess, entryId: string, datetime: string) =>
    ok(
      call(via.baseUrl, 'POST', `/spaces/${space.sys.id}/scheduled_actions`, TOKEN, {
        body: {
          entity: link('Entry', entryId),
          environment: link('Environment', 'master'),
          scheduledFor: { datetime },
          action: 'publish',
        },
      }),
      201,
    );
  const action = (via: ServerProcess, id: string) =>
    ok(call(via.baseUrl, 'GET', `/spaces/${space.sys.id}/scheduled_actions/${id}?environment.sys.id=master`, TOKEN));
  const entryOf = (via: ServerProcess, id: string) => ok(call(via.baseUrl, 'GET', m(`entries/${id}`), TOKEN));
  return { spaceId: space.sys.id as string, entry, schedule, action, entryOf };
}

/** Reads until every action has ended (at most `ms`); answers them. */
async function allEnded(read: () => Promise<any[]>, ms: number) {
  const deadline = Date.now() + ms;
  let actions = await read();
  while (actions.some((a) => ['scheduled', 'inProgress'].includes(a.sys.status)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    actions = await read();
  }
  return actions;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled actions across server processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  /** Servers a test took out of `servers` to kill: stopped at the end too, should the test fail before it kills them. */
  const retired: ServerProcess[] = [];
  const env = () => ({ DATABASE_URL: database!.url, TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0' });

  beforeAll(async () => {
    database = await createTestDatabase();
    servers.push(...(await Promise.all([spawnServer({ env: env() }), spawnServer({ env: env() })])));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...servers, ...retired].map((s) => s.stop()));
    await database?.drop();
  }, 60_000);

  it('runs 100 publishes due in the same second once each, on time, on two processes (lateness printed)', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const space = await articleSpace(a);
    const entries = await Promise.all(Array.from({ length: 100 }, (_, i) => space.entry(i % 2 ? b : a)));
    const due = new Date(Math.ceil((Date.now() + 8000) / 1000) * 1000).toISOString();
    const actions: any[] = [];
    for (let i = 0; i < entries.length; i += 10)
      actions.push(
        ...(await Promise.all(entries.slice(i, i + 10).map((id, j) => space.schedule((i + j) % 2 ? b : a, id, due)))),
      );
    expect(Date.now(), 'every action was created before it was due').toBeLessThan(Date.parse(due));

    const ended = await allEnded(() => Promise.all(actions.map((x) => space.action(a, x.sys.id))), 30_000);
    expect(ended.map((x) => x.sys.status)).toEqual(actions.map(() => 'succeeded'));
    const published = await Promise.all(entries.map((id) => space.entryOf(b, id)));
    const lateness = published.map((entry) => Date.parse(entry.sys.publishedAt) - Date.parse(due));
    expect(
      published.map((entry) => entry.sys.publishedCounter),
      'each published once',
    ).toEqual(entries.map(() => 1));
    expect(Math.min(...lateness)).toBeGreaterThanOrEqual(0);
    // Tests assert no timings (a loaded machine is slower): the figure is printed; the aim is 2 s at most.
    console.log(`scheduled publishes: the latest ran ${Math.max(...lateness)} ms after its time (aim <= 2000 ms)`);
  }, 90_000);

  it('runs an action that fell due while every process was down at the next start, once', async () => {
    const [a, b] = servers.splice(0, 2) as [ServerProcess, ServerProcess];
    retired.push(a, b);
    const space = await articleSpace(a);
    const id = await space.entry(a);
    const action = await space.schedule(a, id, new Date(Date.now() + 1500).toISOString());
    a.child.kill('SIGKILL');
    b.child.kill('SIGKILL');
    await Promise.all([a.exited, b.exited]);
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const restarted = await spawnServer({ env: env() });
    servers.push(restarted);
    const [done] = await allEnded(async () => [await space.action(restarted, action.sys.id)], 20_000);
    expect(done.sys.status).toBe('succeeded');
    expect((await space.entryOf(restarted, id)).sys.publishedCounter).toBe(1);
  }, 90_000);

  it('runs an action whose process was killed mid-execution after the restart, once', async () => {
    const [running] = servers.splice(0) as [ServerProcess];
    retired.push(running);
    const space = await articleSpace(running);
    const id = await space.entry(running);
    // The test holds the entry's row: the execution goes `inProgress`, then its publish waits for the row.
    const holder = new pg.Client({ connectionString: database!.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from entries where space_id = $1 and id = $2 for update', [space.spaceId, id]);
      const action = await space.schedule(running, id, new Date(Date.now() + 1500).toISOString());
      const waiting = async () =>
        (
          await holder.query(
            `select (select status from scheduled_actions where id = $1) as status,
              exists (select from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock') as blocked`,
            [action.sys.id],
          )
        ).rows[0] as { status: string; blocked: boolean };
      const deadline = Date.now() + 20_000;
      let seen = await waiting();
      while (!(seen.status === 'inProgress' && seen.blocked) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await waiting();
      }
      expect(seen, 'the execution is under way, waiting for the entry').toEqual({
        status: 'inProgress',
        blocked: true,
      });
      running.child.kill('SIGKILL');
      await running.exited;
      await holder.query('rollback');

      const restarted = await spawnServer({ env: env() });
      servers.push(restarted);
      const [done] = await allEnded(async () => [await space.action(restarted, action.sys.id)], 30_000);
      expect(done.sys.status).toBe('succeeded');
      expect((await space.entryOf(restarted, id)).sys.publishedCounter).toBe(1);
      const { rows } = await holder.query(
        `select count(*)::int as n from content_events where entity_id = $1 and action = 'publish'`,
        [id],
      );
      expect(rows[0].n, 'one publish event').toBe(1);
    } finally {
      await holder.end();
    }
  }, 90_000);
});
