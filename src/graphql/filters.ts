import {
  GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLString,
  type GraphQLInputFieldConfigMap, type GraphQLInputType,
} from 'graphql';
import type { FieldDefinition } from '../domain/content-model/field.ts';
import { and, SYS_ID, type Condition, type FieldPath, type OrderKey, type Scalar, type ValueType } from '../domain/search/query.ts';
import { executionError } from './errors.ts';
import { CircleType, DateTimeType, RectangleType, SysFilterType } from './types/shared-types.ts';

/** A content field the filters and order of its type can name. */
export interface PlannedField { fieldId: string; name: string; definition: FieldDefinition; }

const SCALAR_TYPES: Partial<Record<string, { gql: GraphQLInputType; valueType: ValueType }>> = {
  Symbol: { gql: GraphQLString, valueType: 'symbol' },
  Text: { gql: GraphQLString, valueType: 'text' },
  Integer: { gql: GraphQLInt, valueType: 'integer' },
  Number: { gql: GraphQLFloat, valueType: 'number' },
  Date: { gql: DateTimeType, valueType: 'date' },
  Boolean: { gql: GraphQLBoolean, valueType: 'boolean' },
};

type Op = 'eq' | 'ne' | 'exists' | 'contains' | 'not_contains' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin'
  | 'all' | 'some' | 'none' | 'circle' | 'rectangle';

interface FilterKey { field: PlannedField; op: Op; valueType: ValueType; array: boolean; }

const POSTFIXES: Array<[string, Op]> = [
  ['', 'eq'], ['_not', 'ne'], ['_exists', 'exists'], ['_contains', 'contains'], ['_not_contains', 'not_contains'],
  ['_gt', 'gt'], ['_gte', 'gte'], ['_lt', 'lt'], ['_lte', 'lte'], ['_in', 'in'], ['_not_in', 'nin'],
];

/** Which postfixes a field type takes (spec table "Filters"). */
function postfixesFor(type: string): Op[] {
  const base: Op[] = ['eq', 'ne', 'exists'];
  if (type === 'Symbol' || type === 'Text') return [...base, 'contains', 'not_contains', 'in', 'nin'];
  if (type === 'Integer' || type === 'Number' || type === 'Date') return [...base, 'gt', 'gte', 'lt', 'lte', 'in', 'nin'];
  return base;
}

/** The `<Type>Filter` input and the map from its keys to what they compare. */
export function buildFilter(typeName: string, fields: PlannedField[]) {
  const keys = new Map<string, FilterKey>();
  const filterType: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: `${typeName}Filter`,
    fields: () => {
      const config: GraphQLInputFieldConfigMap = {
        sys: { type: SysFilterType },
        AND: { type: new GraphQLList(filterType) },
        OR: { type: new GraphQLList(filterType) },
      };
      for (const field of fields) {
        const d = field.definition;
        const scalar = SCALAR_TYPES[d.type];
        if (scalar) {
          for (const [postfix, op] of POSTFIXES) {
            if (!postfixesFor(d.type).includes(op)) continue;
            const type = op === 'exists' ? GraphQLBoolean : op === 'in' || op === 'nin' ? new GraphQLList(scalar.gql) : scalar.gql;
            config[field.name + postfix] = { type };
            keys.set(field.name + postfix, { field, op, valueType: scalar.valueType, array: false });
          }
        } else if (d.type === 'Location') {
          config[`${field.name}_exists`] = { type: GraphQLBoolean };
          config[`${field.name}_within_circle`] = { type: CircleType };
          config[`${field.name}_within_rectangle`] = { type: RectangleType };
          keys.set(`${field.name}_exists`, { field, op: 'exists', valueType: 'location', array: false });
          keys.set(`${field.name}_within_circle`, { field, op: 'circle', valueType: 'location', array: false });
          keys.set(`${field.name}_within_rectangle`, { field, op: 'rectangle', valueType: 'location', array: false });
        } else if (d.type === 'Array' && d.items?.type === 'Symbol') {
          config[`${field.name}_exists`] = { type: GraphQLBoolean };
          keys.set(`${field.name}_exists`, { field, op: 'exists', valueType: 'symbol', array: true });
          for (const [postfix, op] of [['_contains_all', 'all'], ['_contains_some', 'some'], ['_contains_none', 'none']] as const) {
            config[field.name + postfix] = { type: new GraphQLList(GraphQLString) };
            keys.set(field.name + postfix, { field, op, valueType: 'symbol', array: true });
          }
        }
      }
      return config;
    },
  });
  return { filterType, keys };
}

/** The `<Type>Order` enum: `<field>_ASC|_DESC` for orderable fields plus `sys_id_ASC|_DESC`. */
export function buildOrder(typeName: string, fields: PlannedField[]) {
  const values: Record<string, { value: { fieldId?: string; field?: PlannedField; direction: 'asc' | 'desc' } }> = {};
  for (const field of fields) {
    const scalar = SCALAR_TYPES[field.definition.type];
    if (!scalar || field.definition.type === 'Text') continue;
    values[`${field.name}_ASC`] = { value: { field, direction: 'asc' } };
    values[`${field.name}_DESC`] = { value: { field, direction: 'desc' } };
  }
  values.sys_id_ASC = { value: { direction: 'asc' } };
  values.sys_id_DESC = { value: { direction: 'desc' } };
  return new GraphQLEnumType({ name: `${typeName}Order`, values });
}

export interface CompileOptions { chainOf: (field: FieldDefinition) => string[]; }

function fieldPath(key: FilterKey, options: CompileOptions): FieldPath {
  const d = key.field.definition;
  return { kind: 'field', fieldId: d.id, locale: { kind: 'chain', codes: options.chainOf(d) }, subpath: [], valueType: key.valueType, array: key.array };
}

const typed = (v: unknown, valueType: ValueType): Scalar => (valueType === 'date' ? new Date(String(v)).toISOString() : v as Scalar);

function containsValue(value: unknown): string {
  const s = String(value);
  if (s.length < 2) throw executionError('GRAPHQL_VALIDATION_FAILED', 'The _contains filter needs at least 2 characters', { value: s });
  return s;
}

/** A `where` argument compiled to the query representation shared with REST search. */
export function compileWhere(where: Record<string, unknown> | null | undefined, keys: Map<string, FilterKey>, options: CompileOptions): Condition {
  if (!where) return and();
  const parts: Condition[] = [];
  for (const [name, value] of Object.entries(where)) {
    if (value === undefined || value === null) continue;
    if (name === 'AND') parts.push(and(...(value as Array<Record<string, unknown>>).map((w) => compileWhere(w, keys, options))));
    else if (name === 'OR') parts.push({ kind: 'or', conditions: (value as Array<Record<string, unknown>>).map((w) => compileWhere(w, keys, options)) });
    else if (name === 'sys') parts.push(compileSys(value as Record<string, unknown>));
    else parts.push(compileKey(keys.get(name)!, value, options));
  }
  return and(...parts);
}

function compileSys(sys: Record<string, unknown>): Condition {
  const parts: Condition[] = [];
  for (const [name, v] of Object.entries(sys)) {
    if (v === undefined || v === null) continue;
    if (name === 'id') parts.push({ kind: 'compare', path: SYS_ID, op: 'eq', value: v as string });
    if (name === 'id_not') parts.push({ kind: 'compare', path: SYS_ID, op: 'ne', value: v as string });
    if (name === 'id_in') parts.push({ kind: 'compare', path: SYS_ID, op: 'in', value: v as string[] });
    if (name === 'id_not_in') parts.push({ kind: 'compare', path: SYS_ID, op: 'nin', value: v as string[] });
    if (name === 'id_contains') parts.push({ kind: 'compare', path: SYS_ID, op: 'contains', value: containsValue(v) });
    if (name === 'id_not_contains') parts.push({ kind: 'not', condition: { kind: 'compare', path: SYS_ID, op: 'contains', value: containsValue(v) } });
  }
  return and(...parts);
}

function compileKey(key: FilterKey, value: unknown, options: CompileOptions): Condition {
  const path = fieldPath(key, options);
  const list = () => (value as unknown[]).map((v) => typed(v, key.valueType));
  switch (key.op) {
    case 'exists': return { kind: 'compare', path, op: 'exists', value: value as boolean };
    case 'contains': return { kind: 'compare', path, op: 'contains', value: containsValue(value) };
    case 'not_contains': return { kind: 'not', condition: { kind: 'compare', path, op: 'contains', value: containsValue(value) } };
    case 'in': case 'nin': case 'all': return { kind: 'compare', path, op: key.op, value: list() };
    case 'some': return { kind: 'compare', path, op: 'in', value: list() };
    case 'none': return { kind: 'compare', path, op: 'nin', value: list() };
    case 'circle': {
      const c = value as { lat: number; lon: number; radius: number };
      return { kind: 'compare', path, op: 'within', value: { shape: 'circle', lat: c.lat, lon: c.lon, radiusKm: c.radius } };
    }
    case 'rectangle': {
      const r = value as { topLeftLat: number; topLeftLon: number; bottomRightLat: number; bottomRightLon: number };
      return { kind: 'compare', path, op: 'within', value: { shape: 'rectangle', north: r.topLeftLat, west: r.topLeftLon, south: r.bottomRightLat, east: r.bottomRightLon } };
    }
    default: return { kind: 'compare', path, op: key.op, value: typed(value, key.valueType) };
  }
}

/** The `order` argument compiled to order keys; none gives `sys.publishedAt` descending then `sys.id` ascending. */
export function compileOrder(order: Array<{ field?: PlannedField; direction: 'asc' | 'desc' }> | null | undefined, options: CompileOptions): OrderKey[] {
  if (!order?.length) {
    return [
      { kind: 'path', path: { kind: 'sys', attribute: 'publishedAt', valueType: 'date' }, direction: 'desc' },
      { kind: 'path', path: SYS_ID, direction: 'asc' },
    ];
  }
  const keys: OrderKey[] = order.map((o) => {
    if (!o.field) return { kind: 'path', path: SYS_ID, direction: o.direction };
    const scalar = SCALAR_TYPES[o.field.definition.type]!;
    return { kind: 'path', path: fieldPath({ field: o.field, op: 'eq', valueType: scalar.valueType, array: false }, options), direction: o.direction };
  });
  const last = keys.at(-1)!;
  if (last.kind === 'path' && last.path.kind === 'sys' && last.path.attribute === 'id') return keys;
  return [...keys, { kind: 'path', path: SYS_ID, direction: 'asc' }];
}
