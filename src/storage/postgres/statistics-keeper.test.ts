import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { OpenDatabase } from './index.ts';

const reltuples = async (open: OpenDatabase, table: string) =>
  (
    await sql<{ n: number }>`select reltuples::float8 as n from pg_class
  where relname = ${table}`.execute(open.db)
  ).rows[0]!.n;

const deadRows = async (open: OpenDatabase, table: string) => {
  await sql`select pg_stat_force_next_flush()`.execute(open.db);
  return (
    await sql<{ n: number }>`select n_dead_tup::int as n from pg_stat_user_tables where relname = ${table}`.execute(
      open.db,
    )
  ).rows[0]!.n;
};

const insertEntries = (open: OpenDatabase, from: number, to: number) =>
  sql`insert into entries (space_id, environment_id, id, content_type_id)
  select 'space-s', 'master', 'e-' || g, 'ct' from generate_series(${from}::int, ${to}::int) as g`.execute(open.db);

// The embedded database has no autovacuum: Tessera analyzes it itself (statistics-keeper.ts). A PostgreSQL server's
// autovacuum does that there (README, "Running on PostgreSQL").
describe('pglite: the statistics keeper vacuums and analyzes the tables autovacuum would, and only those', () => {
  let open: OpenDatabase;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let storage;
    ({ open, storage, close } = await openMigratedDatabase('pglite'));
    await insertSpace(storage, 'space-s');
    await sql`insert into content_types (space_id, environment_id, id, name) values ('space-s', 'master', 'ct', 'CT')`.execute(
      open.db,
    );
  });
  afterAll(async () => {
    await close?.();
  });

  it('a statement writing many rows gets the table analyzed shortly after, without waiting for the schedule', async () => {
    expect(await reltuples(open, 'entries')).toBe(-1);
    await insertEntries(open, 1, 1500);
    await expect.poll(() => reltuples(open, 'entries'), { timeout: 10_000, interval: 200 }).toBe(1500);
  });

  it('a check analyzes a table only once enough of it changed (as autoanalyze would), not after every write', async () => {
    await open.statistics!.check();
    await insertEntries(open, 1501, 1510);
    expect((await open.statistics!.check()).analyzed).not.toContain('entries');
    await insertEntries(open, 1511, 1800);
    expect((await open.statistics!.check()).analyzed).toContain('entries');
    expect(await reltuples(open, 'entries')).toBe(1800);
  });

  it('vacuums a table once enough of its rows died (as autovacuum would), and then none are left', async () => {
    await sql`delete from entries where id in (select 'e-' || g from generate_series(1, 100) as g)`.execute(open.db);
    expect((await open.statistics!.check()).vacuumed).not.toContain('entries');
    await sql`delete from entries where id in (select 'e-' || g from generate_series(101, 700) as g)`.execute(open.db);
    expect(await deadRows(open, 'entries')).toBeGreaterThan(400);
    const { vacuumed } = await open.statistics!.check();
    expect(vacuumed).toContain('entries');
    expect(vacuumed).not.toContain('spaces');
    expect(await deadRows(open, 'entries')).toBe(0);
  });
});
