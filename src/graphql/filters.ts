import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import type { FieldDefinition } from '../domain/content-model/field.ts';
import {
  and,
  SYS_ID,
  type Condition,
  type FieldPath,
  type OrderKey,
  type Scalar,
  type SysPath,
  type ValueType,
} from '../domain/search/query.ts';
import { EQUALITY_OPS, postfixedKeys, RANGE_OPS, STRING_OPS, type PostfixOp } from './filter-postfixes.ts';
import { compileMetadataFilter, type MetadataCompileOptions, type MetadataFilterValue } from './metadata-filter.ts';
import { linkTargets } from './plan/link-targets.ts';
import { collectionFieldName, filterKeyName, filterTypeName, orderTypeName, orderValueName } from './plan/naming.ts';
import { compileSys, containsValue, SysFilterType, sysOrderValues } from './sys-filter.ts';
import { CircleType, DateTimeType, RectangleType } from './types/shared-types.ts';

/**
 * A field the filters and order of its type can name. `subpath` reads a key below the locale value (the asset
 * file's attributes); `normalize` maps a filter value to the stored form; `nestedFilter` names the nested filter
 * input of a single link validated to one content type (see naming.ts).
 */
export interface PlannedField {
  fieldId: string;
  name: string;
  definition: FieldDefinition;
  subpath?: string[];
  normalize?: (value: unknown) => unknown;
  nestedFilter?: string;
}

/** A content type as the nested filters of links to it see it. */
export interface LinkTarget {
  contentTypeId: string;
  typeName: string;
  fields: PlannedField[];
}
export type TargetLookup = (contentTypeId: string) => LinkTarget | undefined;

const SCALAR_TYPES: Partial<Record<string, { gql: GraphQLInputType; valueType: ValueType }>> = {
  Symbol: { gql: GraphQLString, valueType: 'symbol' },
  Text: { gql: GraphQLString, valueType: 'text' },
  Integer: { gql: GraphQLInt, valueType: 'integer' },
  Number: { gql: GraphQLFloat, valueType: 'number' },
  Date: { gql: DateTimeType, valueType: 'date' },
  Boolean: { gql: GraphQLBoolean, valueType: 'boolean' },
};

type Op = PostfixOp | 'all' | 'some' | 'none' | 'circle' | 'rectangle' | 'reference';

interface FilterKey {
  field: PlannedField;
  op: Op;
  valueType: ValueType;
  array: boolean;
  /** For `reference`: the linked content type and the keys of its nested filter. */
  nested?: { contentTypeId: string; keys: Map<string, FilterKey> };
}

/** Which postfixes a field type takes (spec table "Filters"). */
function postfixesFor(type: string): readonly PostfixOp[] {
  if (type === 'Symbol' || type === 'Text') return STRING_OPS;
  if (type === 'Integer' || type === 'Number' || type === 'Date') return RANGE_OPS;
  return EQUALITY_OPS;
}

export interface FilterOptions {
  /** The other content types, for the nested filters of single links validated to one content type. */
  targets?: TargetLookup;
  /** The input's name when it is not `<typeName>Filter` (nested filters). */
  name?: string;
  /** The tags metadata filter (`<vendor>Metadata: <Vendor>MetadataFilter`) of `<Type>Filter` and `AssetFilter`. */
  metadata?: { field: string; type: GraphQLInputObjectType };
}

/**
 * The `<Type>Filter` input and the map from its keys to what they compare. A nested filter (`options.name`, no
 * `targets`) has the same keys as the target type's own filter except links: one relationship level deep.
 */
export function buildFilter(typeName: string, fields: PlannedField[], options: FilterOptions = {}) {
  const keys = new Map<string, FilterKey>();
  const filterType: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: options.name ?? filterTypeName(typeName),
    fields: () => {
      const config: GraphQLInputFieldConfigMap = {
        sys: { type: SysFilterType },
        AND: { type: new GraphQLList(filterType) },
        OR: { type: new GraphQLList(filterType) },
        ...(options.metadata ? { [options.metadata.field]: { type: options.metadata.type } } : {}),
      };
      const add = (name: string, type: GraphQLInputType, key: Omit<FilterKey, 'array'> & { array?: boolean }) => {
        config[name] = { type };
        keys.set(name, { array: false, ...key });
      };
      for (const field of fields) {
        const d = field.definition;
        const scalar = SCALAR_TYPES[d.type];
        if (scalar) {
          for (const { key, op, type } of postfixedKeys(field.name, scalar.gql, postfixesFor(d.type))) {
            add(key, type, { field, op, valueType: scalar.valueType });
          }
        } else if (d.type === 'Location') {
          add(filterKeyName(field.name, '_exists'), GraphQLBoolean, { field, op: 'exists', valueType: 'location' });
          add(filterKeyName(field.name, '_within_circle'), CircleType, { field, op: 'circle', valueType: 'location' });
          add(filterKeyName(field.name, '_within_rectangle'), RectangleType, {
            field,
            op: 'rectangle',
            valueType: 'location',
          });
        } else if (d.type === 'Array' && d.items?.type === 'Symbol') {
          add(filterKeyName(field.name, '_exists'), GraphQLBoolean, {
            field,
            op: 'exists',
            valueType: 'symbol',
            array: true,
          });
          for (const [postfix, op] of [
            ['_contains_all', 'all'],
            ['_contains_some', 'some'],
            ['_contains_none', 'none'],
          ] as const) {
            add(filterKeyName(field.name, postfix), new GraphQLList(GraphQLString), {
              field,
              op,
              valueType: 'symbol',
              array: true,
            });
          }
        } else if (d.type === 'Link' && options.targets) {
          add(filterKeyName(field.name, '_exists'), GraphQLBoolean, { field, op: 'exists', valueType: 'link' });
          const target = field.nestedFilter ? options.targets(linkTargets(d)[0]!) : undefined;
          if (target) {
            const nested = buildFilter(target.typeName, target.fields, { name: field.nestedFilter });
            add(field.name, nested.filterType, {
              field,
              op: 'reference',
              valueType: 'link',
              nested: { contentTypeId: target.contentTypeId, keys: nested.keys },
            });
          }
        } else if (d.type === 'Array' && d.items?.type === 'Link' && options.targets) {
          // The reference's `<field>Collection_exists`; REST `fields.<f>[exists]` on arrays: an empty array does not exist.
          add(filterKeyName(collectionFieldName(field.name), '_exists'), GraphQLBoolean, {
            field,
            op: 'exists',
            valueType: 'link',
            array: true,
          });
        }
        // Spec, Filters rule 4: no value filters on Array of Link, none at all on Object or RichText fields.
      }
      return config;
    },
  });
  return { filterType, keys };
}

/** What an order enum value stands for: a field, or a sys attribute. */
export interface OrderValue {
  field?: PlannedField;
  sys?: SysPath;
  direction: 'asc' | 'desc';
}

/** The `<Type>Order` enum: `<field>_ASC|_DESC` for orderable fields plus `sys_<attribute>_ASC|_DESC`. */
export function buildOrder(typeName: string, fields: PlannedField[]) {
  const values: Record<string, { value: OrderValue }> = {};
  for (const field of fields) {
    const scalar = SCALAR_TYPES[field.definition.type];
    if (!scalar || field.definition.type === 'Text') continue;
    values[orderValueName(field.name, 'asc')] = { value: { field, direction: 'asc' } };
    values[orderValueName(field.name, 'desc')] = { value: { field, direction: 'desc' } };
  }
  return new GraphQLEnumType({ name: orderTypeName(typeName), values: { ...values, ...sysOrderValues() } });
}

export interface CompileOptions {
  chainOf: (field: FieldDefinition) => string[];
  /** Present when the `where` uses the tags metadata filter. */
  metadata?: MetadataCompileOptions;
}

function fieldPath(key: Pick<FilterKey, 'field' | 'valueType' | 'array'>, options: CompileOptions): FieldPath {
  const d = key.field.definition;
  return {
    kind: 'field',
    fieldId: d.id,
    locale: { kind: 'chain', codes: options.chainOf(d) },
    subpath: key.field.subpath ?? [],
    valueType: key.valueType,
    array: key.array,
  };
}

function typed(key: FilterKey, v: unknown): Scalar {
  const value = key.field.normalize ? key.field.normalize(v) : v;
  return key.valueType === 'date' ? new Date(String(value)).toISOString() : (value as Scalar);
}

/** A `where` argument compiled to the query representation shared with REST search. */
export function compileWhere(
  where: Record<string, unknown> | null | undefined,
  keys: Map<string, FilterKey>,
  options: CompileOptions,
): Condition {
  if (!where) return and();
  const parts: Condition[] = [];
  for (const [name, value] of Object.entries(where)) {
    if (value === undefined || value === null) continue;
    const list = () =>
      (value as Array<Record<string, unknown> | null>)
        .filter((w) => w !== null)
        .map((w) => compileWhere(w, keys, options));
    if (name === 'AND') parts.push(and(...list()));
    else if (name === 'OR') parts.push({ kind: 'or', conditions: list() });
    else if (name === 'sys') parts.push(compileSys(value as Record<string, unknown>));
    else if (name === options.metadata?.field)
      parts.push(compileMetadataFilter(value as MetadataFilterValue, options.metadata.publicTagIds));
    else parts.push(compileKey(keys.get(name)!, value, options));
  }
  return and(...parts);
}

function compileKey(key: FilterKey, value: unknown, options: CompileOptions): Condition {
  const path = fieldPath(key, options);
  const list = () => (value as unknown[]).filter((v) => v !== null).map((v) => typed(key, v));
  const contains = (): Condition => ({
    kind: 'compare',
    path,
    op: 'contains',
    value: containsValue(typed(key, value)),
  });
  switch (key.op) {
    case 'exists':
      return { kind: 'compare', path, op: 'exists', value: value as boolean };
    case 'contains':
      return contains();
    case 'not_contains':
      return { kind: 'not', condition: contains() };
    case 'in':
    case 'nin':
    case 'all':
      return { kind: 'compare', path, op: key.op, value: list() };
    case 'some':
      return { kind: 'compare', path, op: 'in', value: list() };
    case 'none':
      return { kind: 'compare', path, op: 'nin', value: list() };
    case 'circle': {
      const c = value as { lat: number; lon: number; radius: number };
      return {
        kind: 'compare',
        path,
        op: 'within',
        value: { shape: 'circle', lat: c.lat, lon: c.lon, radiusKm: c.radius },
      };
    }
    case 'rectangle': {
      const r = value as { topLeftLat: number; topLeftLon: number; bottomRightLat: number; bottomRightLon: number };
      return {
        kind: 'compare',
        path,
        op: 'within',
        value: {
          shape: 'rectangle',
          north: r.topLeftLat,
          west: r.topLeftLon,
          south: r.bottomRightLat,
          east: r.bottomRightLon,
        },
      };
    }
    case 'reference': {
      const { contentTypeId, keys } = key.nested!;
      return {
        kind: 'reference',
        field: path,
        contentTypeId,
        where: compileWhere(value as Record<string, unknown>, keys, options),
      };
    }
    default:
      return { kind: 'compare', path, op: key.op, value: typed(key, value) };
  }
}

/** The `order` argument compiled to order keys; none gives `sys.publishedAt` descending then `sys.id` ascending. */
export function compileOrder(order: OrderValue[] | null | undefined, options: CompileOptions): OrderKey[] {
  if (!order?.length) {
    return [
      { kind: 'path', path: { kind: 'sys', attribute: 'publishedAt', valueType: 'date' }, direction: 'desc' },
      { kind: 'path', path: SYS_ID, direction: 'asc' },
    ];
  }
  const keys: OrderKey[] = order
    .filter((o) => o !== null)
    .map((o) => {
      if (!o.field) return { kind: 'path', path: o.sys ?? SYS_ID, direction: o.direction };
      const scalar = SCALAR_TYPES[o.field.definition.type]!;
      return {
        kind: 'path',
        path: fieldPath({ field: o.field, valueType: scalar.valueType, array: false }, options),
        direction: o.direction,
      };
    });
  const last = keys.at(-1)!;
  if (last.kind === 'path' && last.path.kind === 'sys' && last.path.attribute === 'id') return keys;
  return [...keys, { kind: 'path', path: SYS_ID, direction: 'asc' }];
}
