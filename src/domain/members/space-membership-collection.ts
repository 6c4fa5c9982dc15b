import type { SpaceMembershipKey, SpaceMembershipRecord } from '../../storage/port/index.ts';
import { EQUALITY, field, RANGE, type UmCollection } from '../shared/um-collection.ts';
import type { LinkOf } from '../shared/um-includes.ts';

const OLDEST_FIRST: UmCollection<SpaceMembershipKey>['defaultOrder'] = [{ key: 'createdAt', direction: 'asc' }];

/** `GET /spaces/{s}/space_memberships`: paging and `include=sys.user`, as its table lists. */
export const SPACE_SPACE_MEMBERSHIPS: UmCollection<SpaceMembershipKey> = {
  fields: {},
  defaultOrder: OLDEST_FIRST,
  include: { 'sys.user': 'User' },
};

/** `GET /organizations/{o}/space_memberships` (every space of the organization), as its table in the user-management spec lists it. */
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
  defaultOrder: OLDEST_FIRST,
  query: { key: 'text', over: ['sys.user.sys.id', 'sys.user.firstName', 'sys.user.lastName', 'sys.user.email'] },
  include: { roles: 'Role', 'sys.user': 'User', 'sys.createdBy': 'User', 'sys.updatedBy': 'User', 'sys.space': 'Space' },
};

const LINKS: Readonly<Record<string, (m: SpaceMembershipRecord) => string | readonly string[] | null>> = {
  roles: (m) => m.roles.map((r) => r.sys.id),
  'sys.user': (m) => m.userId,
  'sys.createdBy': (m) => m.createdBy,
  'sys.updatedBy': (m) => m.updatedBy,
  'sys.space': (m) => m.spaceId,
};

export const spaceMembershipLinks: LinkOf<SpaceMembershipRecord> = (m, path) => LINKS[path]?.(m);
