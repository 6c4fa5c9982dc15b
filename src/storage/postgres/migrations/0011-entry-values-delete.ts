import { sql, type Kysely } from 'kysely';
import { changed, triggerFunction, valueStatements, type Step } from './0007-entry-values.ts';

/**
 * The search values of updated and deleted entries are deleted by their (slot, entry id) pairs, computed first:
 * 0007 joined the values to the slots and the entries in one join, and without statistics on `entry_values` (a
 * new database, or autovacuum off) the planner looked the values up by slot alone and filtered every entry's
 * value of each slot, so each publish cost more the more entries the content type had. A subquery of pairs
 * (`offset 0` keeps it one) leaves one plan: a lookup of each pair in `entry_values_by_entry`. Same behaviour.
 */
export const deleteValuesOf = (rows: string) => `delete from entry_values as v using (
    select s.id as slot, o.id as entry_id from ${rows} as o join entry_value_slots as s
      on s.space_id = o.space_id and s.environment_id = o.environment_id and s.content_type_id = o.content_type_id
    offset 0) as d
  where v.slot = d.slot and v.entry_id = d.entry_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const values = (source: string): Step[] => valueStatements(source).map((run) => ({ run }));
  const functions = [
    triggerFunction('entry_values_updated', 'new_rows', [
      { continueIf: `exists ${changed('new_rows', 'old_rows')}` },
      { run: deleteValuesOf(changed('old_rows', 'new_rows')) },
      ...values(changed('new_rows', 'old_rows')),
    ]),
    triggerFunction('entry_values_deleted', 'old_rows', [{ run: deleteValuesOf('old_rows') }]),
  ];
  for (const statement of functions)
    await sql.raw(statement.replace(/^create function/, 'create or replace function')).execute(db);
}
