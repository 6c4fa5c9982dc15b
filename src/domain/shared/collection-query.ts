import type { ErrorItem } from '../../errors/index.ts';
import type { FilterCondition, FilterOperator, FilterValueType, PageRequest } from '../../storage/port/index.ts';
import { parseQueryString, type RestParameter } from '../search/rest-query-string.ts';
import { parseFlag, parseList, parseScalar, searchTerms } from '../search/rest-values.ts';
import {
  invalidNumber,
  invalidParameter,
  invalidQuery,
  invalidValue,
  notOrderable,
  operatorNotApplicable,
  unknownOperator,
  unknownParameter,
  unknownPath,
} from '../search/search-errors.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from './paging.ts';

/** The resource types a collection can include, by the `sys.type` of the included resource. */
export type IncludeType = 'User' | 'OrganizationMembership' | 'Team' | 'Role' | 'Space';

/** One attribute of a collection: the storage key it reads, the type of its values and how it filters and orders. */
export interface CollectionAttribute<Key extends string> {
  key: Key;
  type: FilterValueType;
  /** The filter operators it takes (`eq` is the plain `path=value`); by default all of its type's. None: order only. */
  ops?: readonly FilterOperator[];
  /** A filter only: `order` refuses it. */
  unordered?: true;
  /** The only values a filter may name (an enumeration such as `role`). */
  values?: readonly string[];
}

/**
 * What the collections of one API share: the largest `limit`; whether a bad `skip` or `limit` is the one error of the
 * answer (the hosted service's wording as its message) or one item among the others; and the parameter names that are
 * never filters (`include`, `query`), refused as an unknown parameter only when a collection leaves them undeclared.
 */
export interface CollectionConventions {
  maxLimit: number;
  pagingErrors: 'alone' | 'among';
  reserved: ReadonlyArray<'include' | 'query'>;
}

/** The Management API's collections (content types, locales, tags, ...). */
export const MANAGEMENT_API: CollectionConventions = { maxLimit: MAX_LIMIT, pagingErrors: 'alone', reserved: [] };

/** The user-management collections (memberships, teams, organization roles): pages of at most 100. */
export const USER_MANAGEMENT_API: CollectionConventions = {
  maxLimit: 100,
  pagingErrors: 'among',
  reserved: ['include', 'query'],
};

/**
 * What one collection endpoint accepts, declared once from its table in the spec: its attributes by wire path, its
 * order when `order` is left out, the full-text `query` (the storage key whose words it searches and the wire fields
 * that key covers) and the link paths `include` resolves, with the type each names.
 */
export interface CollectionSchema<Key extends string> {
  attributes: Readonly<Record<string, CollectionAttribute<Key>>>;
  defaultOrder: PageRequest<Key>['order'];
  /** `order` is accepted and ignored (locales, as on the hosted service): the default order always holds. */
  orderIgnored?: true;
  query?: { key: Key; over: readonly string[] };
  include?: Readonly<Record<string, IncludeType>>;
  /** `MANAGEMENT_API` when left out. */
  conventions?: CollectionConventions;
}

/** A collection's query, checked: paging, order and filters (`query` among them) for the database; include paths. */
export type CollectionQuery<Key extends string> = PageRequest<Key> & {
  where: Array<FilterCondition<Key>>;
  include: string[];
};

/** Parameters that take no operator (`access_token` is the authentication's). */
const PLAIN = ['access_token', 'skip', 'limit', 'order'];

const WIRE_OPERATORS: Readonly<Record<string, FilterOperator>> = {
  ne: 'ne',
  in: 'in',
  nin: 'nin',
  exists: 'exists',
  lt: 'lt',
  lte: 'lte',
  gt: 'gt',
  gte: 'gte',
  match: 'match',
};

/** The operators an attribute of each type takes unless it lists its own. */
export const OPERATORS_OF_TYPE: Readonly<Record<FilterValueType, readonly FilterOperator[]>> = {
  symbol: ['eq', 'ne', 'in', 'nin', 'exists'],
  date: ['eq', 'ne', 'in', 'nin', 'exists', 'lt', 'lte', 'gt', 'gte'],
  integer: ['eq', 'ne', 'in', 'nin', 'exists', 'lt', 'lte', 'gt', 'gte'],
  boolean: ['eq', 'ne', 'exists'],
};

const TYPE_NAMES: Readonly<Record<FilterValueType, string>> = {
  symbol: 'Symbol',
  date: 'Date',
  integer: 'Integer',
  boolean: 'Boolean',
};

const operatorsOf = (attribute: CollectionAttribute<string>): readonly FilterOperator[] =>
  attribute.ops ?? OPERATORS_OF_TYPE[attribute.type];

function parseValue(p: RestParameter, attribute: CollectionAttribute<string>, op: FilterOperator) {
  if (op === 'exists') return parseFlag(p.value);
  if (op === 'match') return { ok: true as const, value: searchTerms(p.value) };
  const parsed =
    op === 'in' || op === 'nin' ? parseList(attribute.type, p.value) : parseScalar(attribute.type, p.value);
  const allowed = attribute.values;
  if (!parsed.ok || !allowed) return parsed;
  const values = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  return values.every((v) => allowed.includes(String(v)))
    ? parsed
    : { ok: false as const, expected: `one of ${allowed.join(', ')}` };
}

function filter<Key extends string>(
  p: RestParameter,
  attribute: CollectionAttribute<Key>,
  errors: ErrorItem[],
): FilterCondition<Key> | undefined {
  const op = p.op === undefined ? 'eq' : WIRE_OPERATORS[p.op];
  const typeName = TYPE_NAMES[attribute.type];
  if (op === undefined) return void errors.push(unknownOperator(p.path, p.op!));
  if (!operatorsOf(attribute).includes(op)) return void errors.push(operatorNotApplicable(p.path, typeName, p.op));
  const parsed = parseValue(p, attribute, op);
  if (!parsed.ok) return void errors.push(invalidValue(p.path, typeName, p.op, p.value, parsed.expected));
  return { key: attribute.key, valueType: attribute.type, op, value: parsed.value as FilterCondition['value'] };
}

function integer(
  raw: string | undefined,
  name: 'skip' | 'limit',
  fallback: number,
  conventions: CollectionConventions,
  errors: ErrorItem[],
  max?: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  if (/^\d+$/.test(raw) && (max === undefined || Number(raw) <= max)) return Number(raw);
  const refused = invalidNumber(name, max);
  if (conventions.pagingErrors === 'alone') throw refused;
  errors.push(invalidParameter(name, raw, refused.message));
  return fallback;
}

function order<Key extends string>(
  raw: string,
  schema: CollectionSchema<Key>,
  errors: ErrorItem[],
): PageRequest<Key>['order'] {
  const keys: PageRequest<Key>['order'] = [];
  for (const term of raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const descending = term.startsWith('-');
    const wire = descending ? term.slice(1) : term;
    const attribute = Object.hasOwn(schema.attributes, wire) ? schema.attributes[wire] : undefined;
    if (!attribute) errors.push(unknownPath(wire));
    else if (attribute.unordered) errors.push(notOrderable(wire, TYPE_NAMES[attribute.type]));
    else keys.push({ key: attribute.key, direction: descending ? 'desc' : 'asc' });
  }
  return keys;
}

function includes(raw: string | undefined, schema: CollectionSchema<string>, errors: ErrorItem[]): string[] {
  const paths = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  const allowed = schema.include ?? {};
  const choices = Object.keys(allowed).length ? ` Use one of: ${Object.keys(allowed).join(', ')}.` : '';
  for (const path of paths) {
    if (!Object.hasOwn(allowed, path))
      errors.push(invalidParameter('include', path, `"${path}" cannot be included here.${choices}`));
  }
  return paths.filter((p) => Object.hasOwn(allowed, p));
}

function fullText<Key extends string>(
  raw: string | undefined,
  schema: CollectionSchema<Key>,
  errors: ErrorItem[],
): FilterCondition<Key> | undefined {
  if (raw === undefined) return undefined;
  if (!schema.query) return void errors.push(unknownParameter('query'));
  const terms = searchTerms(raw);
  return terms.length ? { key: schema.query.key, valueType: 'symbol', op: 'match', value: terms } : undefined;
}

/**
 * Compiles the raw query string of a collection endpoint against its schema: `skip`, `limit`, `order`, filters
 * `<path>[<operator>]=<value>` of exactly the declared paths and operators, and where declared (or reserved by the
 * API's conventions) `query` and `include`. Every problem is collected; any answers one 400 `InvalidQuery` whose
 * `details.errors[]` names each refused parameter. The storage adapter turns the result into SQL
 * (`collection-page.ts`).
 */
export function compileCollectionQuery<Key extends string>(
  rawQuery: string,
  schema: CollectionSchema<Key>,
): CollectionQuery<Key> {
  const conventions = schema.conventions ?? MANAGEMENT_API;
  const named = (name: 'include' | 'query') => schema[name] !== undefined || conventions.reserved.includes(name);
  const plain = new Set([...PLAIN, ...(['include', 'query'] as const).filter(named)]);
  const { parameters, errors } = parseQueryString(rawQuery);
  const where: Array<FilterCondition<Key>> = [];
  for (const p of parameters) {
    const attribute = Object.hasOwn(schema.attributes, p.path) ? schema.attributes[p.path] : undefined;
    if (attribute && operatorsOf(attribute).length) {
      const condition = filter(p, attribute, errors);
      if (condition) where.push(condition);
    } else if (!plain.has(p.path) || p.op !== undefined) {
      errors.push(
        p.path.startsWith('sys.') || attribute
          ? unknownPath(p.path)
          : { ...unknownParameter(p.key), path: p.path.split('.') },
      );
    }
  }
  const value = (key: string) => parameters.find((p) => p.key === key)?.value;
  const text = named('query') ? fullText(value('query'), schema, errors) : undefined;
  if (text) where.push(text);
  const orderRaw = value('order');
  const keys = orderRaw && !schema.orderIgnored ? order(orderRaw, schema, errors) : [];
  const include = named('include') ? includes(value('include'), schema, errors) : [];
  const skip = integer(value('skip'), 'skip', 0, conventions, errors);
  const limit = integer(value('limit'), 'limit', DEFAULT_LIMIT, conventions, errors, conventions.maxLimit);
  if (errors.length) throw invalidQuery(errors);
  return { skip, limit, order: keys.length ? keys : schema.defaultOrder, where, include };
}
