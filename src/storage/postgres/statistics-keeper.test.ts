import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { OpenDatabase } from './index.ts';

const reltuples = async (open: OpenDatabase, table: string) => (await sql<{ n: number }>`select reltuples::float8 as n from pg_class
  where relname = ${table}`.execute(open.db)).rows[0]!.n;

const insertEntries = (open: OpenDatabase, from: number, to: number) => sql`insert into entries (space_id, environment_id, id, content_type_id)
  select 'space-s', 'master', 'e-' || g, 'ct' from generate_series(${from}::int, ${to}::int) as g`.execute(open.db);

// The embedded database has no autovacuum: Tessera analyzes it itself (statistics-keeper.ts). A PostgreSQL server's
// autovacuum does that there (README, "Running on PostgreSQL").
describe('pglite: the statistics keeper analyzes the tables a bulk change made stale, and only those', () => {
  let open: OpenDatabase;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let storage;
    ({ open, storage, close } = await openMigratedDatabase('pglite'));
    await insertSpace(storage, 'space-s');
    await sql`insert into content_types (space_id, environment_id, id, name) values ('space-s', 'master', 'ct', 'CT')`.execute(open.db);
  });
  afterAll(async () => { await close?.(); });

  it('a statement writing many rows gets the table analyzed shortly after, without waiting for the schedule', async () => {
    expect(await reltuples(open, 'entries')).toBe(-1);
    await insertEntries(open, 1, 1500);
    await expect.poll(() => reltuples(open, 'entries'), { timeout: 10_000, interval: 200 }).toBe(1500);
  });

  it('a check analyzes a table only once enough of it changed (as autoanalyze would), not after every write', async () => {
    await open.statistics!.check();
    await insertEntries(open, 1501, 1510);
    expect(await open.statistics!.check()).not.toContain('entries');
    await insertEntries(open, 1511, 1800);
    expect(await open.statistics!.check()).toContain('entries');
    expect(await reltuples(open, 'entries')).toBe(1800);
  });
});
