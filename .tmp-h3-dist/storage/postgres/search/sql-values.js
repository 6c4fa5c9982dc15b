import { sql } from 'kysely';
export function compileContext(table, state) {
    let n = 0;
    return { row: 'r', state, table, alias: (prefix) => `${prefix}${(n += 1)}` };
}
export const column = (ctx, name) => sql.ref(`${ctx.row}.${name}`);
export const fieldsColumn = (ctx) => column(ctx, ctx.state === 'draft' ? 'fields' : 'published_fields');
export const tagsColumn = (ctx) => column(ctx, ctx.state === 'draft' ? 'tags' : 'published_tags');
/** The SQL type a value of each kind is bound and compared as. */
const SQL_TYPES = {
    symbol: 'text', text: 'text', integer: 'numeric', number: 'numeric', date: 'timestamptz', boolean: 'boolean',
};
export const sqlType = (valueType) => SQL_TYPES[valueType] ?? 'text';
/** A bound parameter cast to the SQL type of `valueType` (the type name is a constant of this module). */
export const param = (value, valueType) => sql `${value}::${sql.raw(sqlType(valueType))}`;
export const listParam = (values, valueType) => sql `${values}::${sql.raw(sqlType(valueType))}[]`;
/**
 * A Date value as an instant: UTC when it has no offset (whatever the session time zone), null when it does not
 * start like an ISO-8601 date. Date fields are checked to be valid ISO-8601 when saved, so the guard is only a
 * cheap prefix test: a full pattern (or a function call) per row costs several times the whole search when
 * thousands of rows are ordered by a date.
 */
const DATE_PREFIX = sql.lit(String.raw `^\d{4}-[01]\d-[0-3]\d`);
function instant(text) {
    return sql `(case when ${text} ~ ${DATE_PREFIX} then case when substr(${text}, 17) ~ '[Z+-]'
    then (${text})::timestamptz else (${text})::timestamp at time zone 'UTC' end end)`;
}
/**
 * A jsonb item read as the SQL scalar of its type, or null when it holds another JSON type or a malformed date,
 * so an odd stored value never breaks a search.
 */
export function scalar(item, valueType) {
    switch (valueType) {
        case 'integer':
        case 'number': return sql `(case when jsonb_typeof(${item}) = 'number' then (${item})::numeric end)`;
        case 'boolean': return sql `(case when jsonb_typeof(${item}) = 'boolean' then (${item})::boolean end)`;
        case 'date': return instant(sql `(${item} #>> '{}')`);
        default: return sql `(case when jsonb_typeof(${item}) = 'string' then ${item} #>> '{}' end)`;
    }
}
/**
 * A scalar as it is compared and ordered: symbols by code point (collation "C"), as the search index holds them,
 * so a search gives the same order with or without the index and on any database locale.
 */
export const comparable = (value, valueType) => (valueType === 'symbol' ? sql `(${value} collate "C")` : value);
/** The item a path reads inside one locale value (or one array element): the value itself or a subpath of it. */
export const subItem = (value, path) => (path.subpath.length ? sql `(${value} #> ${path.subpath}::text[])` : value);
/** `fields -> fieldId`, the object of locale values of a field. */
export const localeObject = (ctx, path) => sql `(${fieldsColumn(ctx)} -> ${path.fieldId}::text)`;
/** The value of a locale chain: the first locale in the chain with a non-null value. */
export function chainValue(ctx, path) {
    const object = localeObject(ctx, path);
    const [only, ...more] = path.locale.codes;
    if (more.length === 0)
        return sql `(${object} -> ${only}::text)`;
    return sql `coalesce(${sql.join(path.locale.codes.map((code) => sql `nullif(${object} -> ${code}::text, 'null'::jsonb)`))})`;
}
/** `from` clause over the locale values of a field that is matched in any locale: one row per locale, column `v`. */
export function eachLocale(ctx, path, alias) {
    const object = localeObject(ctx, path);
    return sql `jsonb_each(case when jsonb_typeof(${object}) = 'object' then ${object} end) as ${sql.id(alias)}(k, v)`;
}
/** `from` clause over the elements of a jsonb array (none when the value is not an array), column `x`. */
export const eachElement = (value, alias) => sql `jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} end) as ${sql.id(alias)}(x)`;
const SYS_COLUMNS = {
    id: 'id', version: 'version', publishedVersion: 'published_version', publishedCounter: 'published_counter',
    archivedVersion: 'archived_version', createdAt: 'created_at', updatedAt: 'updated_at', publishedAt: 'published_at',
    firstPublishedAt: 'first_published_at', archivedAt: 'archived_at', contentType: 'content_type_id',
    createdBy: 'created_by', updatedBy: 'updated_by', publishedBy: 'published_by', archivedBy: 'archived_by',
};
/** The column of a sys attribute; `sys.type` is the constant type of the table. */
export function sysColumn(ctx, attribute) {
    if (attribute === 'type')
        return sql `${sql.lit(ctx.table === 'entries' ? 'Entry' : 'Asset')}::text`;
    return column(ctx, SYS_COLUMNS[attribute]);
}
/** Bound parameter types for sys attributes: integer attributes compare as bigint so their indexes stay usable. */
export const sysParam = (value, valueType) => (valueType === 'integer' ? sql `${value}::bigint` : param(value, valueType));
export const sysListParam = (values, valueType) => (valueType === 'integer' ? sql `${values}::bigint[]` : listParam(values, valueType));
