import {
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import { and, SYS_ID, type Condition, type Scalar, type SysPath } from '../domain/search/query.ts';
import { executionError } from './errors.ts';
import { sysOrderValueName } from './plan/naming.ts';
import { postfixedKeys, RANGE_OPS, STRING_OPS, type PostfixOp as SysOp } from './filter-postfixes.ts';
import { DateTimeType } from './types/shared-types.ts';

/** The sys attributes `SysFilter` names, the postfixes each takes and its GraphQL type. */
const ATTRIBUTES: Record<string, { path: SysPath; gql: GraphQLInputType; ops: readonly SysOp[] }> = {
  id: { path: SYS_ID, gql: GraphQLString, ops: STRING_OPS },
  publishedAt: {
    path: { kind: 'sys', attribute: 'publishedAt', valueType: 'date' },
    gql: DateTimeType,
    ops: RANGE_OPS,
  },
  firstPublishedAt: {
    path: { kind: 'sys', attribute: 'firstPublishedAt', valueType: 'date' },
    gql: DateTimeType,
    ops: RANGE_OPS,
  },
  // Float as in the hosted schema; versions are integers, so fractional bounds are rounded (see `versionCondition`).
  publishedVersion: {
    path: { kind: 'sys', attribute: 'publishedVersion', valueType: 'integer' },
    gql: GraphQLFloat,
    ops: RANGE_OPS,
  },
};

interface SysKey {
  path: SysPath;
  op: SysOp;
}
const KEYS = new Map<string, SysKey>();
const FIELDS: GraphQLInputFieldConfigMap = {};
for (const [name, a] of Object.entries(ATTRIBUTES)) {
  for (const { key, op, type } of postfixedKeys(name, a.gql, a.ops)) {
    FIELDS[key] = { type };
    KEYS.set(key, { path: a.path, op });
  }
}

export const SysFilterType = new GraphQLInputObjectType({ name: 'SysFilter', fields: FIELDS });

/** The `sys_<attribute>_ASC|_DESC` values of every order enum. */
export function sysOrderValues(): Record<string, { value: { sys: SysPath; direction: 'asc' | 'desc' } }> {
  const values: Record<string, { value: { sys: SysPath; direction: 'asc' | 'desc' } }> = {};
  for (const [name, a] of Object.entries(ATTRIBUTES)) {
    values[sysOrderValueName(name, 'asc')] = { value: { sys: a.path, direction: 'asc' } };
    values[sysOrderValueName(name, 'desc')] = { value: { sys: a.path, direction: 'desc' } };
  }
  return values;
}

/** A `_contains` value: at least 2 characters. */
export function containsValue(value: unknown): string {
  const s = String(value);
  if (s.length < 2)
    throw executionError('GRAPHQL_VALIDATION_FAILED', 'The _contains filter needs at least 2 characters', { value: s });
  return s;
}

const NEVER: Condition = { kind: 'or', conditions: [] };
const ALWAYS: Condition = and();

/** Versions are integers: a fractional bound becomes the equivalent integer one; a fractional value equals none. */
function versionCondition(path: SysPath, op: SysOp, v: number): Condition {
  if (Number.isInteger(v)) return { kind: 'compare', path, op: op as 'eq', value: v };
  switch (op) {
    case 'gt':
    case 'gte':
      return { kind: 'compare', path, op: 'gte', value: Math.ceil(v) };
    case 'lt':
    case 'lte':
      return { kind: 'compare', path, op: 'lte', value: Math.floor(v) };
    case 'ne':
      return ALWAYS;
    default:
      return NEVER;
  }
}

function sysCondition(key: SysKey, v: unknown): Condition {
  const { path, op } = key;
  const typed = (x: unknown): Scalar => (path.valueType === 'date' ? new Date(String(x)).toISOString() : (x as Scalar));
  switch (op) {
    case 'exists':
      return { kind: 'compare', path, op: 'exists', value: v as boolean };
    case 'contains':
      return { kind: 'compare', path, op: 'contains', value: containsValue(v) };
    case 'not_contains':
      return { kind: 'not', condition: { kind: 'compare', path, op: 'contains', value: containsValue(v) } };
    case 'in':
    case 'nin': {
      let list = (v as unknown[]).filter((x) => x !== null).map(typed);
      if (path.valueType === 'integer') list = list.filter((x) => Number.isInteger(x));
      if (list.length === 0) return op === 'in' ? NEVER : ALWAYS;
      return { kind: 'compare', path, op, value: list };
    }
    default:
      return path.valueType === 'integer'
        ? versionCondition(path, op, v as number)
        : { kind: 'compare', path, op, value: typed(v) };
  }
}

/** A `sys` filter compiled to conditions on the sys attributes. */
export function compileSys(sys: Record<string, unknown>): Condition {
  const parts: Condition[] = [];
  for (const [name, v] of Object.entries(sys)) {
    if (v === undefined || v === null) continue;
    parts.push(sysCondition(KEYS.get(name)!, v));
  }
  return and(...parts);
}
