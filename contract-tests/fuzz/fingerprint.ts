import { sql } from 'kysely';
import type { Db } from '../../src/storage/postgres/database.ts';

/**
 * Detects whether a request changed the database. The transaction-id horizon (`pg_current_snapshot()`'s xmax)
 * moves whenever any statement writes, even one rolled back: while it stays, nothing changed and one cheap
 * statement proves it. When it moves, a count and an md5 over the rows of every table say whether content did.
 */
type Tables = Map<string, string>;
/**
 * Columns that record what background work did with a row later, not what a request changed: left out of the prints,
 * so only a new, changed or deleted row counts (an event recorded by a refused request does).
 */
const BOOKKEEPING: Record<string, string[]> = { content_events: ['dispatched_at'] };
const rowText = (name: string) =>
  BOOKKEEPING[name] ? sql`(to_jsonb(t) - ${BOOKKEEPING[name]}::text[])::text` : sql`t::text`;
interface Known {
  xmax: string;
  tables: Tables;
}

export function stateWatch(db: Db) {
  let names: string[] | undefined;
  let known: Known | undefined;
  let fullPrints = 0;

  const xmax = async () =>
    (await sql<{ x: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(db)).rows[0].x;

  async function tables(): Promise<Tables> {
    fullPrints++;
    names ??= (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by 1`.execute(
        db,
      )
    ).rows.map((r) => r.name);
    const parts = names.map(
      (name) => sql`select ${name} as name,
      count(*) || ':' || md5(coalesce(string_agg(${rowText(name)}, '|' order by ${rowText(name)}), '')) as print from ${sql.table(name)} t`,
    );
    const { rows } = await sql<{ name: string; print: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
    return new Map(rows.map((r) => [r.name, r.print]));
  }

  return {
    /** How many times every table was read (the rest were proven unchanged by the horizon alone). */
    fullPrints: () => fullPrints,
    /** The state before a request (a full fingerprint only when something wrote since the last one). */
    async before(): Promise<Known> {
      const x = await xmax();
      if (known?.xmax !== x) known = { xmax: x, tables: await tables() };
      return known;
    },
    /** The tables whose content differs from `since`. */
    async changedSince(since: Known): Promise<string[]> {
      const x = await xmax();
      if (x === since.xmax) return [];
      known = { xmax: x, tables: await tables() };
      return [...known.tables].filter(([name, print]) => since.tables.get(name) !== print).map(([name]) => name);
    },
  };
}

export type StateWatch = ReturnType<typeof stateWatch>;
