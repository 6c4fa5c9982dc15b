import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The search index of entry fields: one narrow row per value of an Integer, Number, Date, Boolean or Symbol field,
 * per entry and locale, so filters, counts and ordering on those fields are btree range scans instead of a pass
 * over every entry's JSON.
 *
 * - `entry_value_slots` names each (space, environment, content type, field, locale) by a small integer, created
 *   on first use. Every index of the values starts with the slot, so a scan compares two numbers per row.
 * - `entry_values` holds the value as `num` (Integer, Number; Boolean as 0/1; Date as seconds since the epoch, a
 *   date-time without offset read as UTC, as search compares dates) or `text` (Symbol, compared and ordered by code
 *   point: collation "C"), and `states`, the bits of the states that hold it: 1 draft, 2 published. A value the
 *   published side shares with the draft is one row (states 3), so publishing adds no rows.
 * - Statement-level triggers on `entries` keep the rows equal to the entries' JSON in the transaction of every
 *   write (API writes, publish, unpublish, delete, locale deletion, field renames and removals, environment and
 *   space deletion), set-based for bulk statements. Field types come from the activated definition (the draft one
 *   while there is none); a field's type never changes once activated. A statement trigger on `environments` drops
 *   the slots of deleted environments, after the cascade has deleted their entries (and so their values).
 * - An environment clone copies the rows (search/entry-values-copy.ts); it sets `tessera.environment_copy` for its
 *   transaction so the insert trigger does not compute them a second time from the copied entries.
 *
 * The GIN index on `entries.fields` (jsonb_path_ops) is dropped: no query uses containment on fields, and it was the
 * most expensive index of every entry write and clone.
 */

/** `value` (one locale value, jsonb) of a field of type `k.type` as `num` or `text`: null when the JSON type does not fit. */
const typed = (value: string) => `
  case k.type
    when 'Integer' then case when jsonb_typeof(${value}) = 'number' then (${value})::numeric end
    when 'Number' then case when jsonb_typeof(${value}) = 'number' then (${value})::numeric end
    when 'Boolean' then case when jsonb_typeof(${value}) = 'boolean' then case when (${value})::boolean then 1 else 0 end end
    when 'Date' then case when jsonb_typeof(${value}) = 'string' then entry_value_instant(${value} #>> '{}') end
  end,
  case when k.type = 'Symbol' and jsonb_typeof(${value}) = 'string' then ${value} #>> '{}' end`;

const KINDS = `join entry_value_kinds as k on k.space_id = e.space_id and k.environment_id = e.environment_id and k.content_type_id = e.content_type_id`;

const localeObject = (value: string) => `case when jsonb_typeof(${value}) = 'object' then ${value} end`;

/**
 * Per entry of `source`, indexed field and locale: the draft value `d` and the published value `p`, typed. The
 * locales are those of either side (`||` of the two locale objects). `offset 0` keeps each typed value computed once
 * (the planner would otherwise copy its expression into every place that reads it).
 */
const typedValues = (source: string) => `
  select e.space_id, e.environment_id, e.id as entry_id, e.content_type_id, k.field_id, l.locale, d.num as d_num, d.text as d_text, p.num as p_num, p.text as p_text
  from ${source} as e ${KINDS}
  cross join lateral (select ${localeObject('e.fields -> k.field_id')} as draft, ${localeObject('e.published_fields -> k.field_id')} as published) as o
  cross join lateral jsonb_object_keys(coalesce(o.draft, '{}') || coalesce(o.published, '{}')) as l(locale)
  cross join lateral (select ${typed('o.draft -> l.locale')} offset 0) as d(num, text)
  cross join lateral (select ${typed('o.published -> l.locale')} offset 0) as p(num, text)
  offset 0`;

/** The two statements that add the value rows of the entry rows of `source` (a relation with the columns of entries). */
function valueStatements(source: string): string[] {
  return [
    // Every (field, locale) with a value on either side gets a slot; sorted, so concurrent writers creating the
    // same slots take their locks in one order.
    `insert into entry_value_slots (space_id, environment_id, content_type_id, field_id, locale)
      select distinct e.space_id, e.environment_id, e.content_type_id, k.field_id, l.locale
      from ${source} as e ${KINDS}
      cross join lateral (select ${localeObject('e.fields -> k.field_id')} as draft, ${localeObject('e.published_fields -> k.field_id')} as published) as o
      cross join lateral jsonb_object_keys(coalesce(o.draft, '{}') || coalesce(o.published, '{}')) as l(locale)
      order by 1, 2, 3, 4, 5
      on conflict do nothing`,
    // A value both sides hold is one row (states 3); otherwise each side's value is a row of its own.
    `insert into entry_values (slot, entry_id, states, num, text)
      select s.id, v.entry_id, r.states, r.num, r.text
      from (${typedValues(source)}) as v
      join entry_value_slots as s on s.space_id = v.space_id and s.environment_id = v.environment_id
        and s.content_type_id = v.content_type_id and s.field_id = v.field_id and s.locale = v.locale
      cross join lateral (
        select 3, v.d_num, v.d_text where v.d_num = v.p_num or v.d_text = v.p_text
        union all select 1, v.d_num, v.d_text where (v.d_num is not null or v.d_text is not null) and not coalesce(v.d_num = v.p_num or v.d_text = v.p_text, false)
        union all select 2, v.p_num, v.p_text where (v.p_num is not null or v.p_text is not null) and not coalesce(v.d_num = v.p_num or v.d_text = v.p_text, false)
      ) as r(states, num, text)`,
  ];
}

/** Entries of `rows` whose row in `others` (same key) is missing or differs in content type or fields. */
const changed = (rows: string, others: string) => `(select r.* from ${rows} as r where not exists (
  select 1 from ${others} as x where x.space_id = r.space_id and x.environment_id = r.environment_id and x.id = r.id
    and x.content_type_id = r.content_type_id and x.fields = r.fields and x.published_fields is not distinct from r.published_fields))`;

const deleteValuesOf = (rows: string) => `delete from entry_values as v using ${rows} as o, entry_value_slots as s
  where s.space_id = o.space_id and s.environment_id = o.environment_id and s.content_type_id = o.content_type_id
    and v.slot = s.id and v.entry_id = o.id`;

/** A step of a trigger: a statement, or a query whose `false` ends the trigger (nothing to do). */
type Step = { run: string } | { continueIf: string };

/** Most statements touch a few rows (one entry's write); bulk ones (a clone, a rename over every entry) many. */
const FEW_ROWS = 50;

/**
 * A statement-level trigger function. PL/pgSQL keeps the plan of a static statement from its first run, made for
 * the row count of that run's transition tables; a plan made for one row (index lookups, nested loops) is ruinous
 * for 100,000 and the other way round. So the static statements only ever see a few rows, and a bulk statement
 * runs the same SQL through EXECUTE, planned for its real size.
 */
function triggerFunction(name: string, rows: string, steps: Step[], first = ''): string {
  const fixed = steps.map((s) => ('run' in s ? `${s.run};` : `if not (${s.continueIf}) then return null; end if;`));
  const planned = steps.map((s) =>
    'run' in s
      ? `execute $q$${s.run}$q$;`
      : `execute $q$select ${s.continueIf}$q$ into go; if not go then return null; end if;`,
  );
  return `create function ${name}() returns trigger language plpgsql as $$
declare go boolean;
begin
  ${first}
  if (select count(*) from ${rows}) <= ${FEW_ROWS} then
    ${fixed.join('\n    ')}
  else
    ${planned.join('\n    ')}
  end if;
  return null;
end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table entry_value_slots (
      id integer generated always as identity primary key,
      space_id text not null,
      environment_id text not null,
      content_type_id text not null,
      field_id text not null,
      locale text not null,
      unique (space_id, environment_id, content_type_id, field_id, locale)
    );
    create table entry_values (
      slot integer not null,
      entry_id text not null,
      states smallint not null check (states between 1 and 3),
      num numeric,
      text text collate "C",
      check ((num is null) <> (text is null))
    );
    create unique index entry_values_by_entry on entry_values (slot, entry_id, states);
    create index entry_values_num on entry_values (slot, num, entry_id) include (states) where num is not null;
    create index entry_values_text on entry_values (slot, text, entry_id) include (states) where text is not null;
    create view entry_value_kinds as
      select c.space_id, c.environment_id, c.id as content_type_id, f ->> 'id' as field_id, f ->> 'type' as type
      from content_types c cross join jsonb_array_elements(coalesce(c.published -> 'fields', c.fields)) as f
      where f ->> 'type' in ('Integer', 'Number', 'Boolean', 'Date', 'Symbol');
    drop index if exists entries_fields
  `,
  );
  // Malformed dates (never saved through the API) are no value rather than a failed write.
  await sql
    .raw(
      String.raw`create function entry_value_instant(value text) returns numeric language plpgsql stable strict as $$
begin
  if value !~ '^\d{4}-[01]\d-[0-3]\d' then return null; end if;
  if substr(value, 17) ~ '[Z+-]' then return extract(epoch from value::timestamptz); end if;
  return extract(epoch from value::timestamp at time zone 'UTC');
exception when others then return null;
end $$`,
    )
    .execute(db);
  const copying = `if current_setting('tessera.environment_copy', true) = 'on' then return null; end if;`;
  const values = (source: string): Step[] => valueStatements(source).map((run) => ({ run }));
  const functions = [
    triggerFunction('entry_values_inserted', 'new_rows', values('new_rows'), copying),
    triggerFunction('entry_values_updated', 'new_rows', [
      // Most updates (archive, unarchive, version-only changes) leave the fields alone: nothing to do.
      { continueIf: `exists ${changed('new_rows', 'old_rows')}` },
      { run: deleteValuesOf(changed('old_rows', 'new_rows')) },
      ...values(changed('new_rows', 'old_rows')),
    ]),
    triggerFunction('entry_values_deleted', 'old_rows', [{ run: deleteValuesOf('old_rows') }]),
    triggerFunction('entry_value_slots_dropped', 'old_rows', [
      {
        run: `delete from entry_value_slots as s using old_rows as o
      where s.space_id = o.space_id and s.environment_id = o.id`,
      },
    ]),
  ];
  for (const statement of functions) await sql.raw(statement).execute(db);
  await executeStatements(
    db,
    `
    create trigger entry_values_insert after insert on entries referencing new table as new_rows
      for each statement execute function entry_values_inserted();
    create trigger entry_values_update after update on entries referencing old table as old_rows new table as new_rows
      for each statement execute function entry_values_updated();
    create trigger entry_values_delete after delete on entries referencing old table as old_rows
      for each statement execute function entry_values_deleted();
    create trigger entry_value_slots_delete after delete on environments referencing old table as old_rows
      for each statement execute function entry_value_slots_dropped()
  `,
  );
  for (const statement of valueStatements('entries')) await sql.raw(statement).execute(db);
}
