import { sql, type Kysely } from 'kysely';

/**
 * Every statement that writes entries or assets announces the environments it touched on the read cache's channel
 * (`tessera_cache`, payload `content:<space>:<environment>`, the tag of `contentTag`), from inside the statement: other
 * processes learn of it at commit without a round trip of its own, whatever wrote the rows (the API, a migration, SQL
 * typed by hand). PostgreSQL sends identical notifications of one transaction once.
 */
const notifyTouched = (
  rows: string,
) => `perform pg_notify('tessera_cache', 'content:' || t.space_id || ':' || t.environment_id)
    from (select distinct space_id, environment_id from ${rows}) as t;`;

/** The environments of both sides of an update. */
const REWRITTEN_ROWS =
  '(select space_id, environment_id from before_rows union select space_id, environment_id from written_rows) as both_sides';

const notifyFunction = (name: string, rows: string) => `create function ${name}() returns trigger language plpgsql as $$
  begin
    ${notifyTouched(rows)}
    return null;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    notifyFunction('content_rows_written', 'written_rows'),
    notifyFunction('content_rows_rewritten', REWRITTEN_ROWS),
  ];
  for (const table of ['entries', 'assets']) {
    statements.push(
      `create trigger ${table}_notify_insert after insert on ${table} referencing new table as written_rows
        for each statement execute function content_rows_written()`,
      `create trigger ${table}_notify_update after update on ${table} referencing old table as before_rows new table as written_rows
        for each statement execute function content_rows_rewritten()`,
      `create trigger ${table}_notify_delete after delete on ${table} referencing old table as written_rows
        for each statement execute function content_rows_written()`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}
