import { GraphQLBoolean, GraphQLList, type GraphQLInputType } from 'graphql';
import { filterKeyName } from './plan/naming.ts';

/** The comparison a postfixed filter key names (`title_not` -> `ne`). */
export type PostfixOp =
  'eq' | 'ne' | 'exists' | 'contains' | 'not_contains' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin';

/** The postfixes of field and sys filter keys and their comparisons, in the order the filter inputs list them. */
const POSTFIXES: ReadonlyArray<readonly [string, PostfixOp]> = [
  ['', 'eq'],
  ['_not', 'ne'],
  ['_exists', 'exists'],
  ['_contains', 'contains'],
  ['_not_contains', 'not_contains'],
  ['_gt', 'gt'],
  ['_gte', 'gte'],
  ['_lt', 'lt'],
  ['_lte', 'lte'],
  ['_in', 'in'],
  ['_not_in', 'nin'],
];

/** The postfixes of every filterable value. */
export const EQUALITY_OPS: readonly PostfixOp[] = ['eq', 'ne', 'exists'];
/** The postfixes of strings (spec table "Filters"; `SysFilter` id). */
export const STRING_OPS: readonly PostfixOp[] = [...EQUALITY_OPS, 'contains', 'not_contains', 'in', 'nin'];
/** The postfixes of numbers and dates. */
export const RANGE_OPS: readonly PostfixOp[] = [...EQUALITY_OPS, 'gt', 'gte', 'lt', 'lte', 'in', 'nin'];

/**
 * The keys `<name><postfix>` of a value of input type `gql` that takes `ops`, each with its comparison and input
 * type: Boolean for `_exists`, a list of `gql` for `_in` and `_not_in`, else `gql`.
 */
export function postfixedKeys(name: string, gql: GraphQLInputType, ops: readonly PostfixOp[]) {
  return POSTFIXES.filter(([, op]) => ops.includes(op)).map(([postfix, op]) => ({
    key: filterKeyName(name, postfix),
    op,
    type: op === 'exists' ? GraphQLBoolean : op === 'in' || op === 'nin' ? new GraphQLList(gql) : gql,
  }));
}
