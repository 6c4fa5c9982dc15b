import { sql, type Kysely } from 'kysely';

/**
 * On a PostgreSQL server the webhook call log (`webhook_calls`) is unlogged: its rows are written without WAL (about
 * 2.7 kB per call, as each row copies the request body), whose volume under load brought checkpoints, and the page
 * images written after them, that slowed the whole API. What is given up: after a crash of the server (not of a
 * Tessera process) or on a standby the log starts empty. The log is a diagnostic record, not content; the delivery
 * state it also serves (a job run again skips the calls it recorded) is then at least once, as after any lost commit:
 * a job left running sends its calls again, with their idempotency keys. The embedded database (PGlite, whose crash
 * is the process's) keeps it logged, so a killed process never forgets what it sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `do $$ begin
    if version() not like '%PGlite%' then
      alter table webhook_calls set unlogged;
    end if;
  end $$`,
    )
    .execute(db);
}
