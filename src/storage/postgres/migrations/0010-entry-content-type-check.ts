import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The last per-row key of an environment clone, `entries` -> `content_types` (a lookup and a row lock per copied
 * entry, a quarter of the cost of copying entries), becomes three set-based triggers that keep what it did:
 *
 * - Inserting an entry whose content type does not exist fails (foreign_key_violation). The check locks the
 *   content types of the statement's entries `for key share`, once per content type, as the key did per row: a
 *   content type's deletion (which locks it `for update`, then refuses while it has entries) waits for the
 *   writer's commit and then sees the new entries.
 * - Deleting content types deletes their entries (an environment's or space's deletion reaches them this way).
 * - Renaming an environment moves its entries with it.
 *
 * An entry's space, environment and content type are never updated otherwise, so updates are not checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = `(select distinct space_id, environment_id, content_type_id from new_rows)`;
  const match = (n: string) =>
    `c.space_id = ${n}.space_id and c.environment_id = ${n}.environment_id and c.id = ${n}.content_type_id`;
  // One pass over the statement's rows: the distinct content types, those of them that exist locked. The distinct
  // comes first, so the plan kept from the first run (a few rows) suits a bulk insert too.
  const checked = `with n as (select distinct space_id, environment_id, content_type_id from new_rows),
      locked as (select c.id from content_types as c join n on ${match('n')} for key share of c)
    select (select count(*) from n) = (select count(*) from locked)`;
  const missing = `select n.content_type_id from ${types} as n where not exists (select from content_types as c where ${match('n')}) limit 1`;
  const deleteEntries = `delete from entries as e using old_rows as o
    where e.space_id = o.space_id and e.environment_id = o.environment_id and e.content_type_id = o.id`;
  await sql
    .raw(
      `create function entries_content_type_checked() returns trigger language plpgsql as $$
declare absent text;
begin
  if (${checked}) then return null; end if;
  ${missing} into absent;
  raise exception 'insert or update on table "entries" violates foreign key constraint "entries_content_type_fkey"'
    using errcode = 'foreign_key_violation', detail = format('Content type "%s" is not present in the environment.', absent);
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function entries_of_content_types_deleted() returns trigger language plpgsql as $$
begin
  if (select count(*) from old_rows) <= 50 then
    ${deleteEntries};
  else
    execute $q$${deleteEntries}$q$;
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function entries_moved() returns trigger language plpgsql as $$
begin
  update entries set environment_id = new.id where space_id = old.space_id and environment_id = old.id;
  return null;
end $$`,
    )
    .execute(db);
  await executeStatements(
    db,
    `
    alter table entries drop constraint entries_content_type_fkey;
    create trigger entries_content_type_check after insert on entries referencing new table as new_rows
      for each statement execute function entries_content_type_checked();
    create trigger entries_content_type_delete after delete on content_types referencing old table as old_rows
      for each statement execute function entries_of_content_types_deleted();
    create trigger entries_move after update of id on environments
      for each row when (old.id is distinct from new.id) execute function entries_moved()
  `,
  );
}
