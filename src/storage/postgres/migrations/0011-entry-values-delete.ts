import { sql, type Kysely } from 'kysely';

/**
 * The search values of updated and deleted entries are deleted by their (slot, entry id) pairs, computed first:
 * 0007 joined the values to the slots and the entries in one join, and without statistics on `entry_values` (a
 * new database, or autovacuum off) the planner looked the values up by slot alone and filtered every entry's
 * value of each slot, so each publish cost more the more entries the content type had. A subquery of pairs
 * (`offset 0` keeps it one) leaves one plan: a lookup of each pair in `entry_values_by_entry`. Same behaviour.
 */
const deleteValuesOf = (rows: string) => `delete from entry_values as v using (
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

/*
 * Frozen copies of the SQL helpers of 0007, as this migration ran them: a migration never changes once
 * released, so it imports no other migration's code.
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
