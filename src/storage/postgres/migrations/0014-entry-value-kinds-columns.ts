import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * `entry_value_kinds` (the indexed fields of each content type, read by every statement of the entries' search value
 * triggers) read the content type's definition JSON and expanded its fields array in every such statement. The ids
 * and types of the indexed fields are now stored generated columns of `content_types`, computed from the same
 * definition (the activated one, the draft while there is none) whenever a content type row is written, by whatever
 * writes it (activation, field changes, environment clones, which copy only the columns that are not generated), and
 * the view reads them: the same rows. A definition whose fields are not an array (never written by the API) has no
 * indexed fields rather than failing the content type's write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function entry_value_kinds_of(definition jsonb, out field_ids text[], out types text[])
    language sql immutable parallel safe as $$
      select coalesce(array_agg(f ->> 'id' order by n), '{}'), coalesce(array_agg(f ->> 'type' order by n), '{}')
      from jsonb_array_elements(case when jsonb_typeof(definition) = 'array' then definition else '[]' end) with ordinality as e(f, n)
      where f ->> 'type' in ('Integer', 'Number', 'Boolean', 'Date', 'Symbol')
    $$`,
    )
    .execute(db);
  await executeStatements(
    db,
    `
    alter table content_types
      add column value_field_ids text[] generated always as ((entry_value_kinds_of(coalesce(published -> 'fields', fields))).field_ids) stored,
      add column value_field_types text[] generated always as ((entry_value_kinds_of(coalesce(published -> 'fields', fields))).types) stored;
    create or replace view entry_value_kinds as
      select c.space_id, c.environment_id, c.id as content_type_id, k.field_id, k.type
      from content_types as c cross join unnest(c.value_field_ids, c.value_field_types) as k(field_id, type)
  `,
  );
}
