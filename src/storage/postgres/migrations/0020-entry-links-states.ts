import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The link index holds one row per link and the states that have it (`states`: 1 draft, 2 published, 3 both), as
 * `entry_values` does, instead of a row per link and state. A published entry whose draft has not changed, the
 * common case, had two rows of the same link: now one, so an environment clone copies half as many rows, and a
 * publish turns the draft's rows into rows of both states instead of writing new ones.
 *
 * The key is the link itself (source, field, locale, position, target), so a position can hold the draft's target
 * and another published one. `states` is in no index: a publish or unpublish changes only that column, which
 * PostgreSQL can update on the same page without touching an index (a heap-only tuple), for which the table keeps a
 * quarter of each page free.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table entry_links_merged (
      space_id text not null,
      environment_id text not null,
      source_id text not null,
      field_id text not null,
      locale text not null,
      position integer not null default 0,
      target_type text not null check (target_type in ('Entry', 'Asset')),
      target_id text not null,
      states smallint not null check (states between 1 and 3)
    ) with (fillfactor = 75);
    insert into entry_links_merged (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
      select space_id, environment_id, source_id, field_id, locale, position, target_type, target_id,
        sum(case state when 'draft' then 1 else 2 end)::smallint
      from entry_links
      group by space_id, environment_id, source_id, field_id, locale, position, target_type, target_id
      order by space_id, environment_id, source_id, field_id, locale, position, target_type, target_id;
    drop table entry_links;
    alter table entry_links_merged rename to entry_links;
    alter table entry_links add constraint entry_links_pkey
      primary key (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id);
    create index entry_links_target on entry_links (space_id, environment_id, target_type, target_id)
  `,
  );
}
