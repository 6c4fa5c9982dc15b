import { sql, type Kysely } from 'kysely';
import { notifyTouched, REWRITTEN_ROWS } from './0012-content-notify.ts';

/** The session setting with which Tessera's own connections say they announce their content writes after commit. */
export const ANNOUNCES_CONTENT = 'tessera.announces_content';

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
