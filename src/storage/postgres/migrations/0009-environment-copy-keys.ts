import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Foreign keys an environment clone no longer pays for row by row (each one is a lookup and a row lock per copied
 * row, about half the cost of copying entries and their links):
 *
 * - `entries` keeps one key, to its content type, which now also cascades deletes: an environment's (or space's)
 *   deletion reaches its entries through its content types. The key to `environments` it replaces said nothing
 *   more (a content type exists only in an existing environment). Deleting a content type that has entries is still
 *   refused by the domain, under the content type's row lock, which entry writers share through this key.
 * - `entry_links` is an index of the entries' JSON, like `entry_values`, and loses its key to `entries`: a statement
 *   trigger deletes the links of deleted entries (set-based), and a row trigger on `environments` moves them when an
 *   environment's id changes. Links are only written in the transaction that writes their entry's row, after it,
 *   so a concurrent delete of that entry waits for them and then sees them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    alter table entries drop constraint entries_space_id_environment_id_fkey;
    alter table entries drop constraint entries_space_id_environment_id_content_type_id_fkey;
    alter table entries add constraint entries_content_type_fkey foreign key (space_id, environment_id, content_type_id)
      references content_types (space_id, environment_id, id) on update cascade on delete cascade;
    alter table entry_links drop constraint entry_links_space_id_environment_id_source_id_fkey
  `,
  );
  // As in 0007: a static statement keeps the plan of its first run, so a bulk delete (an environment's entries) runs
  // through EXECUTE, planned for its size.
  const deleteLinks = `delete from entry_links as l using old_rows as o
    where l.space_id = o.space_id and l.environment_id = o.environment_id and l.source_id = o.id`;
  await sql
    .raw(
      `create function entry_links_deleted() returns trigger language plpgsql as $$
begin
  if (select count(*) from old_rows) <= 50 then
    ${deleteLinks};
  else
    execute $q$${deleteLinks}$q$;
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function entry_links_moved() returns trigger language plpgsql as $$
begin
  update entry_links set environment_id = new.id where space_id = old.space_id and environment_id = old.id;
  return null;
end $$`,
    )
    .execute(db);
  await executeStatements(
    db,
    `
    create trigger entry_links_delete after delete on entries referencing old table as old_rows
      for each statement execute function entry_links_deleted();
    create trigger entry_links_move after update of id on environments
      for each row when (old.id is distinct from new.id) execute function entry_links_moved()
  `,
  );
}
