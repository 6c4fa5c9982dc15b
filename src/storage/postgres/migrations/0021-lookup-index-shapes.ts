import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Every lookup by key has exactly one index whose leading columns it fixes. On tables without statistics (PGlite
 * never analyzed them; a server with autovacuum off) equality on `space_id` and `environment_id` is estimated as
 * selective as equality on an id, every estimate rounds to one row, and the planner picked among indexes sharing that
 * prefix by ties: a lookup of a link's target by id scanned the environment's `entries_by_content_type`, and one of
 * an entry's links scanned every link of the environment in `entry_links_target`. Leading with the column a lookup
 * always fixes (the content type; the link's source; the link's target) leaves an index no lookup can misuse.
 * `on conflict` names the link key as a set of columns, whatever its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    drop index entries_by_content_type;
    create index entries_by_content_type on entries (content_type_id, space_id, environment_id, created_at, id);
    alter table entry_links drop constraint entry_links_pkey;
    alter table entry_links add constraint entry_links_pkey
      primary key (source_id, space_id, environment_id, field_id, locale, position, target_type, target_id);
    drop index entry_links_target;
    create index entry_links_target on entry_links (target_id, space_id, environment_id, source_id)
  `,
  );
}
