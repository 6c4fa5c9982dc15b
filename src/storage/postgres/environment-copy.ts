import { sql, type Kysely } from 'kysely';
import type { Executor } from './executor.ts';
import type { DatabaseSchema } from './schema.ts';
import { copyEntryValues, entryValueSlotCopies, type SlotCopies } from './search/entry-values-copy.ts';
import { inSnapshotOf } from './snapshot-transaction.ts';
import { ENVIRONMENT_COPY_SETTING, EVENT_SETTINGS } from './session-settings.ts';

/**
 * Every table whose rows belong to one environment, keyed by `(space_id, environment_id, ...)`, in copy order
 * (a table after the tables it references). A new content table joins this list and is then copied into every
 * new environment, with its ids and metadata kept.
 */
export const ENVIRONMENT_SCOPED_TABLES: readonly string[] = [
  'locales',
  'content_types',
  'editor_interfaces',
  'extensions',
  'tags',
  'entries',
  'assets',
  'entry_links',
  'app_installations',
];

/**
 * Tables copied in the order of their primary key, so each target row lands next to the previous one in the index
 * (the rows of `entry_links` are read in the order their entries were written, which scatters them). For `entries`
 * the sort of the large rows costs more than it saves.
 */
const COPY_ORDER: Readonly<Record<string, string[]>> = {
  entry_links: ['source_id', 'field_id', 'locale', 'position', 'target_type', 'target_id'],
};

/**
 * Copies the rows of every environment-scoped table from one environment to another: one set-based
 * `insert ... select` per table. Columns are read from the catalogue, so a column a later migration adds is
 * copied too; the only value that changes is `environment_id`. Runs in the caller's (repeatable read) transaction.
 *
 * With `pool` (a PostgreSQL server), the entries' search values, the largest part, are copied at the same time on a
 * second connection reading the same snapshot (`inSnapshotOf`), committed just before the caller's transaction; once
 * the tables are copied, the caller's connection copies the slots the second one has not started, so both work to
 * the end. On PGlite (one session) everything runs in the caller's transaction.
 */
export async function copyEnvironmentRows(
  db: Executor,
  spaceId: string,
  fromId: string,
  toId: string,
  pool?: Kysely<DatabaseSchema>,
): Promise<void> {
  if (!pool) {
    await copyTables(db, spaceId, fromId, toId);
    await copyEntryValues(db, spaceId, fromId, toId);
    return;
  }
  let succeeded!: () => void;
  let failed!: (error: unknown) => void;
  const tablesCopied = new Promise<void>((resolve, reject) => {
    succeeded = resolve;
    failed = reject;
  });
  tablesCopied.catch(() => {}); // its rejection is the side transaction's signal to roll back, handled there
  let prepared!: (slots: SlotCopies) => void;
  let notPrepared!: (error: unknown) => void;
  const slots = new Promise<SlotCopies>((resolve, reject) => {
    prepared = resolve;
    notPrepared = reject;
  });
  slots.catch(() => {}); // awaited below, once the tables are copied
  const values = inSnapshotOf(
    db,
    pool,
    async (tx) => {
      const copies = await entryValueSlotCopies(tx, spaceId, fromId, toId).catch((error) => {
        notPrepared(error);
        throw error;
      });
      prepared(copies);
      await copies.drain(tx);
    },
    tablesCopied,
  );
  values.catch((error) => notPrepared(error)); // a failure there is thrown below, once the tables are copied; not an unhandled rejection meanwhile
  try {
    await copyTables(db, spaceId, fromId, toId);
    await (await slots).drain(db);
  } catch (error) {
    failed(error);
    await values.catch(() => {});
    throw error;
  }
  succeeded();
  await values;
}

async function copyTables(db: Executor, spaceId: string, fromId: string, toId: string): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name = any(${[...ENVIRONMENT_SCOPED_TABLES]}::text[])
      and is_generated = 'NEVER'
    order by table_name, ordinal_position`.execute(db);
  // The entries' search values are copied as rows (copyEntryValues), not computed again by the entries' insert trigger.
  // Copies record no content events (migration 0026): an environment's rows are new to it, not changes.
  await sql`select set_config(${ENVIRONMENT_COPY_SETTING}, 'on', true), set_config(${EVENT_SETTINGS.off}, 'off', true)`.execute(
    db,
  );
  // The entries' insert triggers see the copied rows as a transition table, which spills to disk beyond work_mem.
  await sql`set local work_mem = '64MB'`.execute(db);
  for (const table of ENVIRONMENT_SCOPED_TABLES) {
    const columns = rows.filter((r) => r.table_name === table).map((r) => r.column_name);
    if (!columns.includes('environment_id'))
      throw new Error(`environment-scoped table ${table} has no environment_id column`);
    const target = sql.join(columns.map((c) => sql.id(c)));
    const values = sql.join(columns.map((c) => (c === 'environment_id' ? sql`${toId}::text` : sql.id(c))));
    await sql`
      insert into ${sql.table(table)} (${target})
      select ${values} from ${sql.table(table)}
      where space_id = ${spaceId} and environment_id = ${fromId}
      ${COPY_ORDER[table] ? sql`order by ${sql.join(COPY_ORDER[table].map((c) => sql.id(c)))}` : sql``}`.execute(db);
  }
  await sql`select set_config(${ENVIRONMENT_COPY_SETTING}, '', true), set_config(${EVENT_SETTINGS.off}, '', true)`.execute(
    db,
  );
}
