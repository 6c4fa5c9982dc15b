import { sql, type Kysely } from 'kysely';

/**
 * Deleting an environment left its entries' search values behind. Its entries go by cascade (environment ->
 * content type -> entry), and their statement trigger deletes their values by (slot, entry), but PostgreSQL fires
 * the statement triggers of cascaded deletes only at the end of the outer statement, after the environment's own
 * trigger had dropped its slots: the join found no slot, and every value row stayed, unreachable (a 100,000-entry
 * environment left about half a million). The environment's trigger now deletes the values of the slots it drops,
 * by slot (the leading column of `entry_values_by_entry`), and the rows left by earlier deletes go once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create or replace function entry_value_slots_dropped() returns trigger language plpgsql as $$
declare dropped integer[];
begin
  with d as (delete from entry_value_slots as s using old_rows as o
    where s.space_id = o.space_id and s.environment_id = o.id returning s.id)
  select coalesce(array_agg(d.id), '{}') into dropped from d;
  delete from entry_values where slot = any(dropped);
  return null;
end $$`,
    )
    .execute(db);
  await sql`delete from entry_values as v where not exists (select from entry_value_slots as s where s.id = v.slot)`.execute(
    db,
  );
}
