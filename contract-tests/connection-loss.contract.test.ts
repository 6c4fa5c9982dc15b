import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useServer } from './support/harness.ts';

/**
 * Idle pooled connections that the server loses (a PostgreSQL restart, an administrator terminating backends) are
 * replaced on demand; the process neither crashes on their error nor answers with a dead connection.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('postgres: losing idle database connections', () => {
  const api = useServer('postgres');

  it('keeps serving after every idle backend of the pool is terminated', async () => {
    const space = await api().post('/spaces', { name: 'Before' });
    expect(space.status).toBe(201);
    // Several requests at once, so the pool holds several idle connections afterwards.
    await Promise.all(
      Array.from({ length: 5 }, () => api().get(`/spaces/${space.body.sys.id}/environments/master/locales`)),
    );
    const db = api().tessera.database.db;
    const { rows } = await sql<{ terminated: number }>`select count(*)::int as terminated from (
        select pg_terminate_backend(pid, 10000) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state = 'idle' and backend_type = 'client backend'
      ) as t`.execute(db);
    expect(rows[0]!.terminated).toBeGreaterThan(0);
    // Each backend has exited (the timeout makes pg_terminate_backend wait for it); the pool hears of it meanwhile.
    await new Promise((r) => setTimeout(r, 200));
    const after = await api().get(`/spaces/${space.body.sys.id}/environments/master/locales`);
    expect(after.status).toBe(200);
    expect((await api().post('/spaces', { name: 'After' })).status).toBe(201);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('postgres: the connection pool size', () => {
  const api = useServer('postgres', { env: { TESSERA_DB_POOL_SIZE: '3' } });

  it('keeps at most TESSERA_DB_POOL_SIZE connections, whatever the load', async () => {
    const space = (await api().post('/spaces', { name: 'Pool' })).body.sys.id as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api().get(`/spaces/${space}/environments/master/locales`)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const pool = api().tessera.database.pool!;
    expect(pool.options.max).toBe(3);
    expect(pool.totalCount).toBeLessThanOrEqual(3);
  });
});
