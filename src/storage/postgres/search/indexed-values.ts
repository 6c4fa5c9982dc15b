import { sql } from 'kysely';
import type {
  Comparison,
  Condition,
  ContentState,
  FieldPath,
  OrderKey,
  Scalar,
  ValueType,
} from '../../../domain/search/query.ts';
import type { SearchScope } from '../../port/search.ts';
import type { Sql } from './sql-values.ts';

/**
 * What the search index `entry_values` (migration 0007) answers: comparisons and ordering on Integer, Number, Date,
 * Boolean and Symbol fields read directly (no subpath, not an array), in any locale or in one locale. A value is
 * in column `num` (numbers; booleans as 0/1; dates as seconds since the epoch) or `text` (symbols, collation "C").
 */
type Column = 'num' | 'text';

const COLUMNS: Partial<Record<ValueType, Column>> = {
  integer: 'num',
  number: 'num',
  date: 'num',
  boolean: 'num',
  symbol: 'text',
};

const INDEXED_OPERATORS = new Set(['eq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** A field of one content type, in one locale or (`locale` undefined) in any locale. */
export interface IndexedField {
  contentTypeId: string;
  fieldId: string;
  locale: string | undefined;
  valueType: ValueType;
  column: Column;
}

export interface IndexedComparison {
  field: IndexedField;
  op: 'eq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  value: Scalar | Scalar[];
}

function indexedField(path: FieldPath, contentTypeId: string, chainOnly: boolean): IndexedField | undefined {
  const column = COLUMNS[path.valueType];
  if (!column || path.array || path.subpath.length > 0) return undefined;
  if (path.locale.kind === 'chain' && path.locale.codes.length !== 1) return undefined;
  if (path.locale.kind === 'any' && chainOnly) return undefined;
  const locale = path.locale.kind === 'chain' ? path.locale.codes[0] : undefined;
  return { contentTypeId, fieldId: path.fieldId, locale, valueType: path.valueType, column };
}

/** The comparison as the index answers it, or undefined when it cannot. */
export function indexedComparison(condition: Condition, contentTypeId: string): IndexedComparison | undefined {
  if (condition.kind !== 'compare' || condition.path.kind !== 'field' || !INDEXED_OPERATORS.has(condition.op))
    return undefined;
  const field = indexedField(condition.path, contentTypeId, false);
  return (
    field && {
      field,
      op: condition.op as IndexedComparison['op'],
      value: (condition as Comparison).value as Scalar | Scalar[],
    }
  );
}

/** The field of an ordering key when the index can give its order: one locale, a type of the index. */
export function indexedOrderField(key: OrderKey | undefined, contentTypeId: string): IndexedField | undefined {
  if (key?.kind !== 'path' || key.path.kind !== 'field') return undefined;
  return indexedField(key.path, contentTypeId, true);
}

/** The conjuncts of a condition (a top-level `and` flattened; `and()` of nothing has none). */
export const conjuncts = (condition: Condition): Condition[] =>
  condition.kind === 'and' ? condition.conditions.flatMap(conjuncts) : [condition];

/** Rows of the state searched: a row with `states` 3 holds the value on both sides. */
export const inState = (alias: string, state: ContentState): Sql =>
  sql`${sql.ref(`${alias}.states`)} <> ${sql.lit(state === 'draft' ? 2 : 1)}`;

const slotsOf = (scope: SearchScope, field: IndexedField): Sql => sql`select id from entry_value_slots
  where space_id = ${scope.spaceId}::text and environment_id = ${scope.environmentId}::text
  and content_type_id = ${field.contentTypeId}::text and field_id = ${field.fieldId}::text
  ${field.locale === undefined ? sql`` : sql`and locale = ${field.locale}::text`}`;

/** The slot of a field in one locale (null when no entry ever had a value there). */
export const slotOf = (scope: SearchScope, field: IndexedField): Sql => sql`(${slotsOf(scope, field)})`;

/** The slots of a field: every locale, or the one of `field.locale`. */
export const slotsArray = (scope: SearchScope, field: IndexedField): Sql => sql`array(${slotsOf(scope, field)})`;

/** A bound value as the index stores it. */
function indexValue(value: Scalar, valueType: ValueType): Sql {
  switch (valueType) {
    case 'boolean':
      return sql`${value === true ? 1 : 0}::numeric`;
    case 'date':
      return sql`extract(epoch from ${value}::timestamptz)`;
    case 'symbol':
      return sql`${value}::text`;
    default:
      return sql`${value}::numeric`;
  }
}

function indexValues(values: Scalar[], valueType: ValueType): Sql {
  switch (valueType) {
    case 'boolean':
      return sql`${values.map((v) => (v === true ? 1 : 0))}::numeric[]`;
    case 'date':
      return sql`array(select extract(epoch from d) from unnest(${values}::timestamptz[]) as d)`;
    case 'symbol':
      return sql`${values}::text[]`;
    default:
      return sql`${values}::numeric[]`;
  }
}

const COMPARATORS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** The comparison on the value column of rows `alias` of `entry_values`. */
export function valuePredicate(alias: string, c: IndexedComparison): Sql {
  const column = sql.ref(`${alias}.${c.field.column}`);
  if (c.op === 'in') return sql`${column} = any(${indexValues(c.value as Scalar[], c.field.valueType)})`;
  return sql`${column} ${sql.raw(COMPARATORS[c.op])} ${indexValue(c.value as Scalar, c.field.valueType)}`;
}
