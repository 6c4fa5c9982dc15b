import type { ErrorItem } from '../../errors/index.ts';
import type {
  FilterCondition,
  FilterOperator,
  FilterValueType,
  MembershipKey,
  PageRequest,
  SpaceMembershipKey,
  TeamKey,
  TeamMembershipKey,
  TeamSpaceMembershipKey,
} from '../../storage/port/index.ts';
import { parseQueryString, type RestParameter } from '../search/rest-query-string.ts';
import { parseFlag, parseList, parseScalar, searchTerms } from '../search/rest-values.ts';
import {
  invalidParameter,
  invalidQuery,
  invalidValue,
  notOrderable,
  operatorNotApplicable,
  unknownOperator,
  unknownParameter,
  unknownPath,
} from '../search/search-errors.ts';

/** The page size limit of every user-management collection. */
export const UM_MAX_LIMIT = 100;

/** The resource types a user-management collection can include, by the `sys.type` of the included resource. */
export type IncludeType = 'User' | 'OrganizationMembership' | 'Team' | 'Role' | 'Space';

/** One attribute of a user-management collection: the operators its endpoint table lists and whether `order` takes it. */
export interface UmField<Key extends string> {
  key: Key;
  type: FilterValueType;
  /** The filter operators the endpoint table lists (`eq` is the plain `path=value`); none: order only. */
  ops: readonly FilterOperator[];
  order?: true;
  /** The only values a filter may name (an enumeration such as `role`). */
  values?: readonly string[];
}

/**
 * What one user-management collection endpoint accepts, declared once from its table in the spec: filters and order
 * (`fields`), the full-text `query` (the storage key whose words it searches, and the wire fields that key covers)
 * and the link paths `include` resolves, with the type each names.
 */
export interface UmCollection<Key extends string> {
  fields: Readonly<Record<string, UmField<Key>>>;
  defaultOrder: PageRequest<Key>['order'];
  query?: { key: Key; over: readonly string[] };
  include?: Readonly<Record<string, IncludeType>>;
}

/** A checked user-management collection query: paging, order, filters (the `query` one among them) and include paths. */
export type UmQuery<Key extends string> = PageRequest<Key> & { where: Array<FilterCondition<Key>>; include: string[] };

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
const TYPE_NAMES: Readonly<Record<FilterValueType, string>> = {
  symbol: 'Symbol',
  date: 'Date',
  integer: 'Integer',
  boolean: 'Boolean',
};

/** Parameters that are not filters (`access_token` is the authentication's). */
const PLAIN = new Set(['access_token', 'skip', 'limit', 'order', 'include', 'query']);

function parseValue(p: RestParameter, field: UmField<string>, op: FilterOperator) {
  if (op === 'exists') return parseFlag(p.value);
  if (op === 'match') return { ok: true as const, value: searchTerms(p.value) };
  const parsed = op === 'in' || op === 'nin' ? parseList(field.type, p.value) : parseScalar(field.type, p.value);
  if (!parsed.ok || !field.values) return parsed;
  const values = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  return values.every((v) => field.values!.includes(String(v)))
    ? parsed
    : { ok: false as const, expected: `one of ${field.values.join(', ')}` };
}

function filter<Key extends string>(
  p: RestParameter,
  field: UmField<Key>,
  errors: ErrorItem[],
): FilterCondition<Key> | undefined {
  const op = p.op === undefined ? 'eq' : WIRE_OPERATORS[p.op];
  const typeName = TYPE_NAMES[field.type];
  if (op === undefined) return void errors.push(unknownOperator(p.path, p.op!));
  if (!field.ops.includes(op)) return void errors.push(operatorNotApplicable(p.path, typeName, p.op));
  const parsed = parseValue(p, field, op);
  if (!parsed.ok) return void errors.push(invalidValue(p.path, typeName, p.op, p.value, parsed.expected));
  return { key: field.key, valueType: field.type, op, value: parsed.value as FilterCondition['value'] };
}

function integer(
  raw: string | undefined,
  name: 'skip' | 'limit',
  fallback: number,
  errors: ErrorItem[],
  max?: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  if (/^\d+$/.test(raw) && (max === undefined || Number(raw) <= max)) return Number(raw);
  errors.push(
    invalidParameter(
      name,
      raw,
      `The value provided for "${name}" is invalid. Please provide a valid number value${max === undefined ? '' : ` between 0 and ${max}`}.`,
    ),
  );
  return fallback;
}

function order<Key extends string>(
  raw: string,
  collection: UmCollection<Key>,
  errors: ErrorItem[],
): PageRequest<Key>['order'] {
  const keys: PageRequest<Key>['order'] = [];
  for (const term of raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const descending = term.startsWith('-');
    const wire = descending ? term.slice(1) : term;
    const field = Object.hasOwn(collection.fields, wire) ? collection.fields[wire] : undefined;
    if (!field) errors.push(unknownPath(wire));
    else if (!field.order) errors.push(notOrderable(wire, TYPE_NAMES[field.type]));
    else keys.push({ key: field.key, direction: descending ? 'desc' : 'asc' });
  }
  return keys;
}

function includes(raw: string | undefined, collection: UmCollection<string>, errors: ErrorItem[]): string[] {
  const paths = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  const allowed = collection.include ?? {};
  for (const path of paths) {
    if (!Object.hasOwn(allowed, path)) {
      errors.push(
        invalidParameter(
          'include',
          path,
          `"${path}" cannot be included here.${Object.keys(allowed).length ? ` Use one of: ${Object.keys(allowed).join(', ')}.` : ''}`,
        ),
      );
    }
  }
  return paths.filter((p) => Object.hasOwn(allowed, p));
}

function fullText<Key extends string>(
  raw: string | undefined,
  collection: UmCollection<Key>,
  errors: ErrorItem[],
): FilterCondition<Key> | undefined {
  if (raw === undefined) return undefined;
  if (!collection.query) return void errors.push(unknownParameter('query'));
  const terms = searchTerms(raw);
  return terms.length ? { key: collection.query.key, valueType: 'symbol', op: 'match', value: terms } : undefined;
}

/**
 * Compiles the raw query string of a user-management collection endpoint against its declaration: `skip`, `limit`
 * (at most 100), `order`, `include`, `query` and filters `<path>[<operator>]=<value>` of exactly the declared paths and
 * operators. Every problem is collected; any answers one 400 `InvalidQuery` whose `details.errors[]` names each refused
 * parameter. The storage adapter turns the result into SQL (`collection-page.ts`).
 */
export function compileUmQuery<Key extends string>(rawQuery: string, collection: UmCollection<Key>): UmQuery<Key> {
  const { parameters, errors } = parseQueryString(rawQuery);
  const where: Array<FilterCondition<Key>> = [];
  for (const p of parameters) {
    const field = Object.hasOwn(collection.fields, p.path) ? collection.fields[p.path] : undefined;
    if (field && field.ops.length) {
      const condition = filter(p, field, errors);
      if (condition) where.push(condition);
    } else if (!PLAIN.has(p.path) || p.op !== undefined) {
      errors.push(
        p.path.startsWith('sys.') || field
          ? unknownPath(p.path)
          : { ...unknownParameter(p.key), path: p.path.split('.') },
      );
    }
  }
  const value = (key: string) => parameters.find((p) => p.key === key)?.value;
  const text = fullText(value('query'), collection, errors);
  if (text) where.push(text);
  const orderRaw = value('order');
  const keys = orderRaw ? order(orderRaw, collection, errors) : [];
  const include = includes(value('include'), collection, errors);
  const skip = integer(value('skip'), 'skip', 0, errors);
  const limit = integer(value('limit'), 'limit', UM_MAX_LIMIT, errors, UM_MAX_LIMIT);
  if (errors.length) throw invalidQuery(errors);
  return { skip, limit, order: keys.length ? keys : collection.defaultOrder, where, include };
}

/** A declaration helper: a field with the listed operators, orderable when `order` is set. */
export const field = <Key extends string>(
  key: Key,
  type: FilterValueType,
  ops: readonly FilterOperator[],
  extra: Partial<UmField<Key>> = {},
): UmField<Key> => ({ key, type, ops, ...extra });

export const EQUALITY: readonly FilterOperator[] = ['eq', 'ne', 'in', 'nin'];
export const RANGE: readonly FilterOperator[] = ['lt', 'lte', 'gt', 'gte'];

/*
 * The endpoint tables of the user-management spec, one declaration per collection endpoint. Each lists exactly the
 * filters (with their operators), orders, includes and `query` of its table; the link ids behind each include path
 * are read by the owning domain module (`LinkOf` in `um-includes.ts`).
 */

const OLDEST_FIRST = [{ key: 'createdAt', direction: 'asc' }] as const;
const ORGANIZATION_ROLE_NAMES = ['owner', 'admin', 'developer', 'member'] as const;
const USER_QUERY = ['sys.user.sys.id', 'sys.user.firstName', 'sys.user.lastName', 'sys.user.email'] as const;
const SINCE: readonly FilterOperator[] = [...RANGE, 'exists'];

/**
 * `GET /organizations/{o}/organization_memberships`. `sys.lastActiveAt` and `sys.sso.lastSignInAt` are not recorded
 * (null). `sys.user.email` also filters by equality (an exact lookup the hosted service offers through `query`).
 */
export const ORGANIZATION_MEMBERSHIPS: UmCollection<MembershipKey> = {
  fields: {
    role: field('role', 'symbol', EQUALITY, { order: true, values: ORGANIZATION_ROLE_NAMES }),
    'sys.status': field('status', 'symbol', EQUALITY, { values: ['pending', 'active'] }),
    'sys.user.sys.id': field('userId', 'symbol', EQUALITY),
    'sys.user.firstName': field('firstName', 'symbol', ['eq', 'ne', 'exists'], { order: true }),
    'sys.user.lastName': field('lastName', 'symbol', ['eq', 'ne', 'exists'], { order: true }),
    'sys.user.email': field('email', 'symbol', EQUALITY, { order: true }),
    'sys.lastActiveAt': field('lastActiveAt', 'date', SINCE, { order: true }),
    'sys.sso.lastSignInAt': field('lastSignInAt', 'date', SINCE),
    'sys.createdAt': field('createdAt', 'date', RANGE, { order: true }),
    'sys.updatedAt': field('updatedAt', 'date', RANGE),
  },
  defaultOrder: [...OLDEST_FIRST],
  query: { key: 'text', over: USER_QUERY },
  include: { 'sys.user': 'User', 'sys.createdBy': 'User', 'sys.updatedBy': 'User' },
};

/** `GET /organizations/{o}/teams`: paging only. */
export const TEAMS: UmCollection<TeamKey> = { fields: {}, defaultOrder: [...OLDEST_FIRST] };

const TEAM_MEMBERSHIP_ORDER = {
  'sys.createdAt': field<TeamMembershipKey>('createdAt', 'date', [], { order: true }),
  'sys.updatedAt': field<TeamMembershipKey>('updatedAt', 'date', [], { order: true }),
};

/** `GET /organizations/{o}/teams/{t}/team_memberships`. */
export const TEAM_MEMBERSHIPS: UmCollection<TeamMembershipKey> = {
  fields: TEAM_MEMBERSHIP_ORDER,
  defaultOrder: [...OLDEST_FIRST],
  include: {
    'sys.createdBy': 'User',
    'sys.updatedBy': 'User',
    'sys.organizationMembership': 'OrganizationMembership',
    'sys.user': 'User',
  },
};

/** `GET /organizations/{o}/team_memberships` (every team of the organization). */
export const ORGANIZATION_TEAM_MEMBERSHIPS: UmCollection<TeamMembershipKey> = {
  fields: {
    ...TEAM_MEMBERSHIP_ORDER,
    'sys.organizationMembership.sys.id': field('organizationMembershipId', 'symbol', EQUALITY),
  },
  defaultOrder: [...OLDEST_FIRST],
  include: { 'sys.team': 'Team' },
};

/** `GET /spaces/{s}/space_memberships`: paging and `include=sys.user`. */
export const SPACE_SPACE_MEMBERSHIPS: UmCollection<SpaceMembershipKey> = {
  fields: {},
  defaultOrder: [...OLDEST_FIRST],
  include: { 'sys.user': 'User' },
};

/** `GET /organizations/{o}/space_memberships` (every space of the organization). */
export const ORGANIZATION_SPACE_MEMBERSHIPS: UmCollection<SpaceMembershipKey> = {
  fields: {
    admin: field('admin', 'boolean', ['eq', 'ne']),
    'roles.sys.id': field('roleId', 'symbol', ['eq', 'in']),
    'roles.name': field('roleName', 'symbol', ['eq', 'ne', 'nin', 'match']),
    'sys.user.sys.id': field('userId', 'symbol', EQUALITY),
    'sys.space.sys.id': field('spaceId', 'symbol', EQUALITY),
    'sys.space.name': field('spaceName', 'symbol', EQUALITY),
    'sys.organizationMembership.sys.id': field('organizationMembershipId', 'symbol', EQUALITY),
    'sys.createdAt': field('createdAt', 'date', RANGE, { order: true }),
    'sys.updatedAt': field('updatedAt', 'date', RANGE),
    'sys.user.firstName': field('firstName', 'symbol', [], { order: true }),
    'sys.user.lastName': field('lastName', 'symbol', [], { order: true }),
    'sys.user.email': field('email', 'symbol', [], { order: true }),
  },
  defaultOrder: [...OLDEST_FIRST],
  query: { key: 'text', over: USER_QUERY },
  include: {
    roles: 'Role',
    'sys.user': 'User',
    'sys.createdBy': 'User',
    'sys.updatedBy': 'User',
    'sys.space': 'Space',
  },
};

const TEAM_SPACE_MEMBERSHIP_ORDER = {
  'sys.createdAt': field<TeamSpaceMembershipKey>('createdAt', 'date', [], { order: true }),
  'sys.updatedAt': field<TeamSpaceMembershipKey>('updatedAt', 'date', [], { order: true }),
};

/** `GET /spaces/{s}/team_space_memberships`. */
export const SPACE_TEAM_SPACE_MEMBERSHIPS: UmCollection<TeamSpaceMembershipKey> = {
  fields: { ...TEAM_SPACE_MEMBERSHIP_ORDER, 'sys.id': field('id', 'symbol', ['eq', 'in']) },
  defaultOrder: [...OLDEST_FIRST],
  include: { roles: 'Role', 'sys.team': 'Team' },
};

/** `GET /organizations/{o}/team_space_memberships` (every space of the organization). */
export const ORGANIZATION_TEAM_SPACE_MEMBERSHIPS: UmCollection<TeamSpaceMembershipKey> = {
  fields: {
    'sys.createdAt': field('createdAt', 'date', RANGE, { order: true }),
    'sys.updatedAt': field('updatedAt', 'date', RANGE, { order: true }),
    'roles.name': field('roleName', 'symbol', EQUALITY),
    'roles.sys.id': field('roleId', 'symbol', ['eq', 'in']),
    'sys.team.sys.id': field('teamId', 'symbol', EQUALITY),
    'sys.space.name': field('spaceName', 'symbol', [...EQUALITY, 'match']),
    'sys.space.sys.id': field('spaceId', 'symbol', EQUALITY),
  },
  defaultOrder: [...OLDEST_FIRST],
  include: {
    roles: 'Role',
    'sys.createdBy': 'User',
    'sys.updatedBy': 'User',
    'sys.space': 'Space',
    'sys.team': 'Team',
  },
};

/** `GET /spaces/{s}/space_members`: paging and `include=sys.user` (the storage orders by user). */
export const SPACE_MEMBERS: UmCollection<never> = { fields: {}, defaultOrder: [], include: { 'sys.user': 'User' } };

/** `GET /organizations/{o}/roles`: paging only (the storage orders oldest first). */
export const ORGANIZATION_ROLES: UmCollection<never> = { fields: {}, defaultOrder: [] };
