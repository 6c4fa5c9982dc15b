import type { ErrorItem } from '../../errors/index.ts';
import type { FilterCondition, FilterOperator, FilterValueType, PageRequest } from '../../storage/port/index.ts';
import { parseQueryString, type RestParameter } from '../search/rest-query-string.ts';
import { parseFlag, parseList, parseScalar, searchTerms } from '../search/rest-values.ts';
import {
  invalidNumber,
  invalidQuery,
  invalidValue,
  notOrderable,
  operatorNotApplicable,
  unknownOperator,
  unknownParameter,
  unknownPath,
} from '../search/search-errors.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from './paging.ts';

/** One filterable, orderable attribute of a collection: the storage key it reads and the type of its values. */
export interface CollectionAttribute<Key extends string> {
  key: Key;
  type: FilterValueType;
  /** `[match]` (word-prefix full text) applies: names. */
  match?: true;
  /** A filter only: `order` refuses it. */
  unordered?: true;
}

/** What one collection endpoint accepts: its attributes by wire path and its order when `order` is left out. */
export interface CollectionSchema<Key extends string> {
  attributes: Readonly<Record<string, CollectionAttribute<Key>>>;
  defaultOrder: PageRequest<Key>['order'];
  /** `order` is accepted and ignored (locales, as on the hosted service): the default order always holds. */
  orderIgnored?: true;
}

/** The query of a collection, checked: paging, order and filters, all applied by the database. */
export type CollectionQuery<Key extends string> = PageRequest<Key> & { where: Array<FilterCondition<Key>> };

/** Parameters that take no operator (`access_token` is the authentication's). */
const PLAIN = new Set(['access_token', 'skip', 'limit', 'order']);

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

const OPERATORS: Readonly<Record<FilterValueType, readonly FilterOperator[]>> = {
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

/** The operators an attribute takes. */
export const operatorsOf = (attribute: CollectionAttribute<string>): readonly FilterOperator[] =>
  attribute.match ? [...OPERATORS[attribute.type], 'match'] : OPERATORS[attribute.type];

type Parsed<Key extends string> = { ok: true; condition: FilterCondition<Key> } | { ok: false; error: ErrorItem };

function filter<Key extends string>(p: RestParameter, attribute: CollectionAttribute<Key>): Parsed<Key> {
  const op = p.op === undefined ? 'eq' : WIRE_OPERATORS[p.op];
  const typeName = TYPE_NAMES[attribute.type];
  if (op === undefined) return { ok: false, error: unknownOperator(p.path, p.op!) };
  if (!operatorsOf(attribute).includes(op)) return { ok: false, error: operatorNotApplicable(p.path, typeName, p.op) };
  const parsed =
    op === 'exists'
      ? parseFlag(p.value)
      : op === 'match'
        ? { ok: true as const, value: searchTerms(p.value) }
        : op === 'in' || op === 'nin'
          ? parseList(attribute.type, p.value)
          : parseScalar(attribute.type, p.value);
  if (!parsed.ok) return { ok: false, error: invalidValue(p.path, typeName, p.op, p.value, parsed.expected) };
  return {
    ok: true,
    condition: { key: attribute.key, valueType: attribute.type, op, value: parsed.value as FilterCondition['value'] },
  };
}

function integer(raw: string | undefined, name: 'skip' | 'limit', fallback: number, max?: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || (max !== undefined && Number(raw) > max)) throw invalidNumber(name, max);
  return Number(raw);
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

/**
 * Compiles the raw query string of a collection endpoint against its schema: `skip`, `limit`, `order` and
 * filters `<path>[<operator>]=<value>` on the schema's attributes. Every problem is collected; any answers one 400
 * `InvalidQuery` whose `details.errors[]` names each refused parameter.
 */
export function compileCollectionQuery<Key extends string>(
  rawQuery: string,
  schema: CollectionSchema<Key>,
): CollectionQuery<Key> {
  const { parameters, errors } = parseQueryString(rawQuery);
  const where: Array<FilterCondition<Key>> = [];
  for (const p of parameters) {
    const attribute = Object.hasOwn(schema.attributes, p.path) ? schema.attributes[p.path] : undefined;
    if (attribute) {
      const parsed = filter(p, attribute);
      if (parsed.ok) where.push(parsed.condition);
      else errors.push(parsed.error);
    } else if (!PLAIN.has(p.path) || p.op !== undefined) {
      errors.push(
        p.path.startsWith('sys.') ? unknownPath(p.path) : { ...unknownParameter(p.key), path: p.path.split('.') },
      );
    }
  }
  const value = (key: string) => parameters.find((p) => p.key === key)?.value;
  const orderRaw = value('order');
  const keys = orderRaw && !schema.orderIgnored ? order(orderRaw, schema, errors) : [];
  const skip = integer(value('skip'), 'skip', 0);
  const limit = integer(value('limit'), 'limit', DEFAULT_LIMIT, MAX_LIMIT);
  if (errors.length) throw invalidQuery(errors);
  return { skip, limit, order: keys.length ? keys : schema.defaultOrder, where };
}
