import type {
  FilterOperator,
  FilterValueType,
  MembershipKey,
  SpaceMembershipKey,
  TeamKey,
  TeamMembershipKey,
  TeamSpaceMembershipKey,
} from '../../storage/port/index.ts';
import { USER_MANAGEMENT_API, type CollectionAttribute, type CollectionSchema } from './collection-query.ts';

/**
 * An attribute of a user-management collection as its endpoint table lists it: the filter operators it takes (none:
 * order only), and `order: true` when `order` takes it too.
 */
const field = <Key extends string>(
  key: Key,
  type: FilterValueType,
  ops: readonly FilterOperator[],
  extra: { order?: true; values?: readonly string[] } = {},
): CollectionAttribute<Key> => ({
  key,
  type,
  ops,
  ...(extra.order ? {} : { unordered: true }),
  ...(extra.values ? { values: extra.values } : {}),
});

const EQUALITY: readonly FilterOperator[] = ['eq', 'ne', 'in', 'nin'];
const RANGE: readonly FilterOperator[] = ['lt', 'lte', 'gt', 'gte'];

/*
 * The endpoint tables of the user-management spec, one declaration per collection endpoint. Each lists exactly the
 * filters (with their operators), orders, includes and `query` of its table; the link ids behind each include path
 * are read by the owning domain module (`LinkOf` in `collection-includes.ts`). All follow the `USER_MANAGEMENT_API`
 * conventions (pages of at most 100; `include` and `query` are parameters of each, refused where a table lists none).
 */

const OLDEST_FIRST = [{ key: 'createdAt', direction: 'asc' }] as const;
const conventions = USER_MANAGEMENT_API;
const ORGANIZATION_ROLE_NAMES = ['owner', 'admin', 'developer', 'member'] as const;
const USER_QUERY = ['sys.user.sys.id', 'sys.user.firstName', 'sys.user.lastName', 'sys.user.email'] as const;
const SINCE: readonly FilterOperator[] = [...RANGE, 'exists'];

/**
 * `GET /organizations/{o}/organization_memberships`. `sys.lastActiveAt` and `sys.sso.lastSignInAt` are not recorded
 * (null). `sys.user.email` also filters by equality (an exact lookup the hosted service offers through `query`).
 */
export const ORGANIZATION_MEMBERSHIPS: CollectionSchema<MembershipKey> = {
  attributes: {
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
  conventions,
  query: { key: 'text', over: USER_QUERY },
  include: { 'sys.user': 'User', 'sys.createdBy': 'User', 'sys.updatedBy': 'User' },
};

/** `GET /organizations/{o}/teams`: paging only. */
export const TEAMS: CollectionSchema<TeamKey> = { attributes: {}, defaultOrder: [...OLDEST_FIRST], conventions };

const TEAM_MEMBERSHIP_ORDER = {
  'sys.createdAt': field<TeamMembershipKey>('createdAt', 'date', [], { order: true }),
  'sys.updatedAt': field<TeamMembershipKey>('updatedAt', 'date', [], { order: true }),
};

/** `GET /organizations/{o}/teams/{t}/team_memberships`. */
export const TEAM_MEMBERSHIPS: CollectionSchema<TeamMembershipKey> = {
  attributes: TEAM_MEMBERSHIP_ORDER,
  defaultOrder: [...OLDEST_FIRST],
  conventions,
  include: {
    'sys.createdBy': 'User',
    'sys.updatedBy': 'User',
    'sys.organizationMembership': 'OrganizationMembership',
    'sys.user': 'User',
  },
};

/** `GET /organizations/{o}/team_memberships` (every team of the organization). */
export const ORGANIZATION_TEAM_MEMBERSHIPS: CollectionSchema<TeamMembershipKey> = {
  attributes: {
    ...TEAM_MEMBERSHIP_ORDER,
    'sys.organizationMembership.sys.id': field('organizationMembershipId', 'symbol', EQUALITY),
  },
  defaultOrder: [...OLDEST_FIRST],
  conventions,
  include: { 'sys.team': 'Team' },
};

/** `GET /spaces/{s}/space_memberships`: paging and `include=sys.user`. */
export const SPACE_SPACE_MEMBERSHIPS: CollectionSchema<SpaceMembershipKey> = {
  attributes: {},
  defaultOrder: [...OLDEST_FIRST],
  conventions,
  include: { 'sys.user': 'User' },
};

/** `GET /organizations/{o}/space_memberships` (every space of the organization). */
export const ORGANIZATION_SPACE_MEMBERSHIPS: CollectionSchema<SpaceMembershipKey> = {
  attributes: {
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
  conventions,
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
export const SPACE_TEAM_SPACE_MEMBERSHIPS: CollectionSchema<TeamSpaceMembershipKey> = {
  attributes: { ...TEAM_SPACE_MEMBERSHIP_ORDER, 'sys.id': field('id', 'symbol', ['eq', 'in']) },
  defaultOrder: [...OLDEST_FIRST],
  conventions,
  include: { roles: 'Role', 'sys.team': 'Team' },
};

/** `GET /organizations/{o}/team_space_memberships` (every space of the organization). */
export const ORGANIZATION_TEAM_SPACE_MEMBERSHIPS: CollectionSchema<TeamSpaceMembershipKey> = {
  attributes: {
    'sys.createdAt': field('createdAt', 'date', RANGE, { order: true }),
    'sys.updatedAt': field('updatedAt', 'date', RANGE, { order: true }),
    'roles.name': field('roleName', 'symbol', EQUALITY),
    'roles.sys.id': field('roleId', 'symbol', ['eq', 'in']),
    'sys.team.sys.id': field('teamId', 'symbol', EQUALITY),
    'sys.space.name': field('spaceName', 'symbol', [...EQUALITY, 'match']),
    'sys.space.sys.id': field('spaceId', 'symbol', EQUALITY),
  },
  defaultOrder: [...OLDEST_FIRST],
  conventions,
  include: {
    roles: 'Role',
    'sys.createdBy': 'User',
    'sys.updatedBy': 'User',
    'sys.space': 'Space',
    'sys.team': 'Team',
  },
};

/** `GET /spaces/{s}/space_members`: paging and `include=sys.user` (the storage orders by user). */
export const SPACE_MEMBERS: CollectionSchema<never> = {
  attributes: {},
  defaultOrder: [],
  include: { 'sys.user': 'User' },
  conventions,
};

/** `GET /organizations/{o}/roles`: paging only (the storage orders oldest first). */
export const ORGANIZATION_ROLES: CollectionSchema<never> = { attributes: {}, defaultOrder: [], conventions };
