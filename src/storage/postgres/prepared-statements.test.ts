import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type OpenDatabase } from './database.ts';
import { PLANNED_EACH_TIME } from './prepared-statements.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL: prepared statements', () => {
  let open: OpenDatabase;
  // One connection, so the session asked is the one that ran the statements.
  beforeAll(async () => {
    open = await openPostgres(url!, 1);
  });
  afterAll(async () => {
    await open?.close();
  });

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(open.db)).rows.map(
      (r) => r.statement,
    );

  it('runs a repeated read with parameters as one named statement, prepared once per connection', async () => {
    const read = (n: number) =>
      sql<{ n: number }>`select ${n}::int + 1 as n /* prepared-statements.test */`.execute(open.db);
    expect((await read(1)).rows).toEqual([{ n: 2 }]);
    expect((await read(41)).rows).toEqual([{ n: 42 }]);
    expect((await prepared()).filter((s) => s.includes('prepared-statements.test'))).toHaveLength(1);
  });

  it('leaves writes and statements without parameters unnamed', async () => {
    await sql`create temp table if not exists prepared_probe (n int)`.execute(open.db);
    await sql`insert into prepared_probe (n) values (${7}::int)`.execute(open.db);
    await sql`select n from prepared_probe /* no parameters */`.execute(open.db);
    const statements = await prepared();
    expect(statements.some((s) => s.includes('prepared_probe'))).toBe(false);
  });

  it('leaves a read that asks to be planned each time unnamed', async () => {
    const read = (n: number) =>
      sql<{ n: number }>`${sql.raw(PLANNED_EACH_TIME)} select ${n}::int + 1 as n /* planned each time test */`.execute(
        open.db,
      );
    expect((await read(1)).rows).toEqual([{ n: 2 }]);
    expect((await read(2)).rows).toEqual([{ n: 3 }]);
    expect((await prepared()).some((s) => s.includes('planned each time test'))).toBe(false);
  });
});
