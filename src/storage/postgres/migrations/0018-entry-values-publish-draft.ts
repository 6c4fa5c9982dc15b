import { sql, type Kysely } from 'kysely';

/**
 * The search values of a publish of an unchanged draft (the usual publish) without computing them from the JSON
 * again. When every updated entry kept its content type and draft fields and now publishes exactly its draft, its
 * published values are its draft values: each draft-only row (states 1) becomes a row of both states (3), and each
 * published-only row (states 2, the previous published values that the draft no longer holds) goes. Rows of both
 * states stay. These are the rows 0013 wrote by deleting the entry's values and computing them all again (the rows
 * always equal the entries' JSON), at about a third of PostgreSQL's CPU per entry published. Any other update keeps
 * 0013's statements, and so do bulk statements.
 */
const publishesUnchangedDraft = `not exists (select from new_rows as n where n.published_fields is distinct from n.fields
    or not exists (select from old_rows as o where o.space_id = n.space_id and o.environment_id = n.environment_id
      and o.id = n.id and o.content_type_id = n.content_type_id and o.fields = n.fields))`;

/** The (slot, entry) pairs of the updated entries, as 0011 computes them (`offset 0` keeps one plan). */
const pairs = `select s.id as slot, n.id as entry_id from new_rows as n join entry_value_slots as s
      on s.space_id = n.space_id and s.environment_id = n.environment_id and s.content_type_id = n.content_type_id
    offset 0`;

const promoteDraftValues = `with d as (${pairs}),
    gone as (delete from entry_values as v using d where v.slot = d.slot and v.entry_id = d.entry_id and v.states = 2)
  update entry_values as v set states = 3 from d where v.slot = d.slot and v.entry_id = d.entry_id and v.states = 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const fresh = changed('new_rows', 'old_rows');
  const gone = deleteValuesOf(changed('old_rows', 'new_rows'));
  await sql
    .raw(
      valuesFunction('entry_values_updated', 'new_rows', fresh, '', {
        few: `if not exists ${fresh} then return null; end if;
    if ${publishesUnchangedDraft} then
      ${promoteDraftValues};
      return null;
    end if;
    ${gone};`,
        bulk: `execute $q$select exists ${fresh}$q$ into go; if not go then return null; end if;\n    execute $q$${gone}$q$;`,
      }),
    )
    .execute(db);
}

/*
 * Frozen copies of the SQL helpers of 0007, 0011 and 0013, as this migration ran them: a migration never changes once
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

/**
 * Per entry of `source`, indexed field and locale: its slot (null while it has none), the draft and the published
 * value, typed. `offset 0` keeps each field's two locale objects computed once (the planner would otherwise repeat
 * their lookups in every expression of the typed values); the typed values themselves are read once, from the CTE.
 */
const slottedValues = (source: string) => `
  select s.id as slot, e.id as entry_id, d.num as d_num, d.text as d_text, p.num as p_num, p.text as p_text
  from ${source} as e
  join entry_value_kinds as k on k.space_id = e.space_id and k.environment_id = e.environment_id and k.content_type_id = e.content_type_id
  cross join lateral (select ${localeObject('e.fields -> k.field_id')} as draft, ${localeObject('e.published_fields -> k.field_id')} as published offset 0) as o
  cross join lateral jsonb_object_keys(coalesce(o.draft, '{}') || coalesce(o.published, '{}')) as l(locale)
  cross join lateral (select ${typed('o.draft -> l.locale')}) as d(num, text)
  cross join lateral (select ${typed('o.published -> l.locale')}) as p(num, text)
  left join entry_value_slots as s on s.space_id = e.space_id and s.environment_id = e.environment_id
    and s.content_type_id = e.content_type_id and s.field_id = k.field_id and s.locale = l.locale`;

/** The value rows of a slotted value `v`: one of states 3 when both sides hold the same value, else one per side that holds one. */
const valueRows = `(
    select 3, v.d_num, v.d_text where v.d_num = v.p_num or v.d_text = v.p_text
    union all select 1, v.d_num, v.d_text where (v.d_num is not null or v.d_text is not null) and not coalesce(v.d_num = v.p_num or v.d_text = v.p_text, false)
    union all select 2, v.p_num, v.p_text where (v.p_num is not null or v.p_text is not null) and not coalesce(v.d_num = v.p_num or v.d_text = v.p_text, false)
  ) as r(states, num, text)`;

/** Writes the values whose slot exists; its one row says whether some (field, locale) has no slot yet. */
const valuesOfExistingSlots = (source: string) => `with v as (${slottedValues(source)}),
  put as (insert into entry_values (slot, entry_id, states, num, text)
    select v.slot, v.entry_id, r.states, r.num, r.text from v cross join lateral ${valueRows} where v.slot is not null)
  select exists (select from v where v.slot is null)`;

/**
 * After the slots are created: the values of the (field, locale)s that had none, that is those of the slots that
 * hold no value of the entry yet (an entry's values are written only here, under its row's lock).
 */
const valuesOfNewSlots = (source: string) => `insert into entry_values (slot, entry_id, states, num, text)
  select v.slot, v.entry_id, r.states, r.num, r.text from (${slottedValues(source)} offset 0) as v cross join lateral ${valueRows}
  where v.slot is not null and not exists (select from entry_values as x where x.slot = v.slot and x.entry_id = v.entry_id)`;

/** The statements of the few-rows branch: the fast path, and the slots and remaining values when it found some missing. */
const fewRows = (source: string) => {
  const [createSlots] = valueStatements(source);
  return `${valuesOfExistingSlots(source)} into missing;
    if missing then
      ${createSlots};
      ${valuesOfNewSlots(source)};
    end if;`;
};

/** Bulk statements: 0007's two statements, through EXECUTE (planned for their size). */
const bulkRows = (source: string) =>
  valueStatements(source)
    .map((s) => `execute $q$${s}$q$;`)
    .join('\n    ');

const FEW_ROWS = 50;

/** A statement trigger function: `first`, then the values of `source` (rows of `rows`) after `few` or `bulk` by size. */
function valuesFunction(
  name: string,
  rows: string,
  source: string,
  first: string,
  before: { few: string; bulk: string },
): string {
  return `create or replace function ${name}() returns trigger language plpgsql as $$
declare go boolean; missing boolean;
begin
  ${first}
  if (select count(*) from ${rows}) <= ${FEW_ROWS} then
    ${before.few}
    ${fewRows(source)}
  else
    ${before.bulk}
    ${bulkRows(source)}
  end if;
  return null;
end $$`;
}
