import { sql, type RawBuilder } from 'kysely';
import type { ContentState, FieldPath, Scalar, SysAttribute, ValueType } from '../../../domain/search/query.ts';

/** SQL fragments; every user value inside is a bound parameter. */
export type Sql = RawBuilder<unknown>;

/**
 * What the compiler knows while it writes one condition: the alias of the entity row (always generated here,
 * never taken from input), the state searched, and a counter for unique aliases of nested scopes.
 */
export interface CompileContext {
  row: string;
  state: ContentState;
  table: 'entries' | 'assets';
  alias(prefix: string): string;
}

export function compileContext(table: 'entries' | 'assets', state: ContentState): CompileContext {
  let n = 0;
  return { row: 'r', state, table, alias: (prefix) => `${prefix}${(n += 1)}` };
}

export const column = (ctx: CompileContext, name: string): Sql => sql.ref(`${ctx.row}.${name}`);
export const fieldsColumn = (ctx: CompileContext): Sql =>
  column(ctx, ctx.state === 'draft' ? 'fields' : 'published_fields');
export const tagsColumn = (ctx: CompileContext): Sql => column(ctx, ctx.state === 'draft' ? 'tags' : 'published_tags');

/**
 * A tags column holds a tag: the condition of the tags GIN indexes (migration 0016), which hold only such rows. A
 * query uses them only if it states this condition as written there, beside a tag condition that implies it.
 */
export const tagged = (tags: Sql): Sql => sql`cardinality(${tags}) > 0`;

/** The SQL type a value of each kind is bound and compared as. */
const SQL_TYPES: Partial<Record<ValueType, string>> = {
  symbol: 'text',
  text: 'text',
  integer: 'numeric',
  number: 'numeric',
  date: 'timestamptz',
  boolean: 'boolean',
};
export const sqlType = (valueType: ValueType): string => SQL_TYPES[valueType] ?? 'text';

/** A bound parameter cast to the SQL type of `valueType` (the type name is a constant of this module). */
export const param = (value: Scalar, valueType: ValueType): Sql => sql`${value}::${sql.raw(sqlType(valueType))}`;
export const listParam = (values: Scalar[], valueType: ValueType): Sql =>
  sql`${values}::${sql.raw(sqlType(valueType))}[]`;

/**
 * A Date value as an instant: UTC when it has no offset (whatever the session time zone), null when it does not
 * start like an ISO-8601 date. Date fields are checked to be valid ISO-8601 when saved, so the guard is only a
 * cheap prefix test: a full pattern (or a function call) per row costs several times the whole search when
 * thousands of rows are ordered by a date.
 */
const DATE_PREFIX = sql.lit(String.raw`^\d{4}-[01]\d-[0-3]\d`);

function instant(text: Sql): Sql {
  return sql`(case when ${text} ~ ${DATE_PREFIX} then case when substr(${text}, 17) ~ '[Z+-]'
    then (${text})::timestamptz else (${text})::timestamp at time zone 'UTC' end end)`;
}

/**
 * A jsonb item read as the SQL scalar of its type, or null when it holds another JSON type or a malformed date,
 * so an odd stored value never breaks a search.
 */
export function scalar(item: Sql, valueType: ValueType): Sql {
  switch (valueType) {
    case 'integer':
    case 'number':
      return sql`(case when jsonb_typeof(${item}) = 'number' then (${item})::numeric end)`;
    case 'boolean':
      return sql`(case when jsonb_typeof(${item}) = 'boolean' then (${item})::boolean end)`;
    case 'date':
      return instant(sql`(${item} #>> '{}')`);
    default:
      return sql`(case when jsonb_typeof(${item}) = 'string' then ${item} #>> '{}' end)`;
  }
}

/**
 * A scalar as it is compared and ordered: symbols by code point (collation "C"), as the search index holds them,
 * so a search gives the same order with or without the index and on any database locale.
 */
export const comparable = (value: Sql, valueType: ValueType): Sql =>
  valueType === 'symbol' ? sql`(${value} collate "C")` : value;

/** The item a path reads inside one locale value (or one array element): the value itself or a subpath of it. */
export const subItem = (value: Sql, path: FieldPath): Sql =>
  path.subpath.length ? sql`(${value} #> ${path.subpath}::text[])` : value;

/** `fields -> fieldId`, the object of locale values of a field. */
export const localeObject = (ctx: CompileContext, path: FieldPath): Sql =>
  sql`(${fieldsColumn(ctx)} -> ${path.fieldId}::text)`;

/** The value of a locale chain: the first locale in the chain with a non-null value. */
export function chainValue(ctx: CompileContext, path: FieldPath & { locale: { kind: 'chain' } }): Sql {
  const object = localeObject(ctx, path);
  const [only, ...more] = path.locale.codes;
  if (more.length === 0) return sql`(${object} -> ${only}::text)`;
  return sql`coalesce(${sql.join(path.locale.codes.map((code) => sql`nullif(${object} -> ${code}::text, 'null'::jsonb)`))})`;
}

/** `from` clause over the locale values of a field that is matched in any locale: one row per locale, column `v`. */
export function eachLocale(ctx: CompileContext, path: FieldPath, alias: string): Sql {
  const object = localeObject(ctx, path);
  return sql`jsonb_each(case when jsonb_typeof(${object}) = 'object' then ${object} end) as ${sql.id(alias)}(k, v)`;
}

/** `from` clause over the elements of a jsonb array (none when the value is not an array), column `x`. */
export const eachElement = (value: Sql, alias: string): Sql =>
  sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} end) as ${sql.id(alias)}(x)`;

const SYS_COLUMNS: Record<Exclude<SysAttribute, 'type'>, string> = {
  id: 'id',
  version: 'version',
  publishedVersion: 'published_version',
  publishedCounter: 'published_counter',
  archivedVersion: 'archived_version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  publishedAt: 'published_at',
  firstPublishedAt: 'first_published_at',
  archivedAt: 'archived_at',
  contentType: 'content_type_id',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
  publishedBy: 'published_by',
  archivedBy: 'archived_by',
};

/** The column of a sys attribute; `sys.type` is the constant type of the table. */
export function sysColumn(ctx: CompileContext, attribute: SysAttribute): Sql {
  if (attribute === 'type') return sql`${sql.lit(ctx.table === 'entries' ? 'Entry' : 'Asset')}::text`;
  return column(ctx, SYS_COLUMNS[attribute]);
}

/** Bound parameter types for sys attributes: integer attributes compare as bigint so their indexes stay usable. */
export const sysParam = (value: Scalar, valueType: 'symbol' | 'integer' | 'date'): Sql =>
  valueType === 'integer' ? sql`${value}::bigint` : param(value, valueType);
export const sysListParam = (values: Scalar[], valueType: 'symbol' | 'integer' | 'date'): Sql =>
  valueType === 'integer' ? sql`${values}::bigint[]` : listParam(values, valueType);
