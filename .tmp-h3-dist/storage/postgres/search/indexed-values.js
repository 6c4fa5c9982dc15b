import { sql } from 'kysely';
const COLUMNS = { integer: 'num', number: 'num', date: 'num', boolean: 'num', symbol: 'text' };
const INDEXED_OPERATORS = new Set(['eq', 'lt', 'lte', 'gt', 'gte', 'in']);
function indexedField(path, contentTypeId, chainOnly) {
    const column = COLUMNS[path.valueType];
    if (!column || path.array || path.subpath.length > 0)
        return undefined;
    if (path.locale.kind === 'chain' && path.locale.codes.length !== 1)
        return undefined;
    if (path.locale.kind === 'any' && chainOnly)
        return undefined;
    const locale = path.locale.kind === 'chain' ? path.locale.codes[0] : undefined;
    return { contentTypeId, fieldId: path.fieldId, locale, valueType: path.valueType, column };
}
/** The comparison as the index answers it, or undefined when it cannot. */
export function indexedComparison(condition, contentTypeId) {
    if (condition.kind !== 'compare' || condition.path.kind !== 'field' || !INDEXED_OPERATORS.has(condition.op))
        return undefined;
    const field = indexedField(condition.path, contentTypeId, false);
    return field && { field, op: condition.op, value: condition.value };
}
/** The field of an ordering key when the index can give its order: one locale, a type of the index. */
export function indexedOrderField(key, contentTypeId) {
    if (key?.kind !== 'path' || key.path.kind !== 'field')
        return undefined;
    return indexedField(key.path, contentTypeId, true);
}
/** The conjuncts of a condition (a top-level `and` flattened; `and()` of nothing has none). */
export const conjuncts = (condition) => (condition.kind === 'and' ? condition.conditions.flatMap(conjuncts) : [condition]);
/** Rows of the state searched: a row with `states` 3 holds the value on both sides. */
export const inState = (alias, state) => sql `${sql.ref(`${alias}.states`)} <> ${sql.lit(state === 'draft' ? 2 : 1)}`;
const slotsOf = (scope, field) => sql `select id from entry_value_slots
  where space_id = ${scope.spaceId}::text and environment_id = ${scope.environmentId}::text
  and content_type_id = ${field.contentTypeId}::text and field_id = ${field.fieldId}::text
  ${field.locale === undefined ? sql `` : sql `and locale = ${field.locale}::text`}`;
/** The slot of a field in one locale (null when no entry ever had a value there). */
export const slotOf = (scope, field) => sql `(${slotsOf(scope, field)})`;
/** The slots of a field: every locale, or the one of `field.locale`. */
export const slotsArray = (scope, field) => sql `array(${slotsOf(scope, field)})`;
/** A bound value as the index stores it. */
function indexValue(value, valueType) {
    switch (valueType) {
        case 'boolean': return sql `${value === true ? 1 : 0}::numeric`;
        case 'date': return sql `extract(epoch from ${value}::timestamptz)`;
        case 'symbol': return sql `${value}::text`;
        default: return sql `${value}::numeric`;
    }
}
function indexValues(values, valueType) {
    switch (valueType) {
        case 'boolean': return sql `${values.map((v) => (v === true ? 1 : 0))}::numeric[]`;
        case 'date': return sql `array(select extract(epoch from d) from unnest(${values}::timestamptz[]) as d)`;
        case 'symbol': return sql `${values}::text[]`;
        default: return sql `${values}::numeric[]`;
    }
}
const COMPARATORS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };
/** The comparison on the value column of rows `alias` of `entry_values`. */
export function valuePredicate(alias, c) {
    const column = sql.ref(`${alias}.${c.field.column}`);
    if (c.op === 'in')
        return sql `${column} = any(${indexValues(c.value, c.field.valueType)})`;
    return sql `${column} ${sql.raw(COMPARATORS[c.op])} ${indexValue(c.value, c.field.valueType)}`;
}
