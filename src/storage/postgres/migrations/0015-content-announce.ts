import { sql, type Kysely } from 'kysely';

/** The session setting with which Tessera's own connections say they announce their content writes after commit. */
const ANNOUNCES_CONTENT = 'tessera.announces_content';

/**
 * A transaction that sends a NOTIFY holds PostgreSQL's one notification-queue lock from its commit record until the
 * end of its commit, WAL flush included: every entry write committing through 0012's triggers waited for the one
 * before it, one WAL flush each, across all connections. Tessera's connections now announce their writes after
 * commit, coalesced (`cache-announcer.ts`), and set `tessera.announces_content`; the triggers stay for every other
 * writer (SQL by hand, another tool), whose writes still reach the caches at their commit.
 */
const announcedUnlessTessera = (
  name: string,
  rows: string,
) => `create or replace function ${name}() returns trigger language plpgsql as $$
  begin
    if current_setting('${ANNOUNCES_CONTENT}', true) = 'on' then return null; end if;
    ${notifyTouched(rows)}
    return null;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(announcedUnlessTessera('content_rows_written', 'written_rows')).execute(db);
  await sql.raw(announcedUnlessTessera('content_rows_rewritten', REWRITTEN_ROWS)).execute(db);
}

/*
 * Frozen copies of the SQL helpers of 0012, as this migration ran them: a migration never changes once
 * released, so it imports no other migration's code.
 */

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
