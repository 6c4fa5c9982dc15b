import type { MembershipKey, OrganizationMembershipRecord } from '../../storage/port/index.ts';
import { EQUALITY, field, RANGE, type UmCollection } from '../shared/um-collection.ts';
import type { LinkOf } from '../shared/um-includes.ts';

const ROLES = ['owner', 'admin', 'developer', 'member'] as const;

/**
 * `GET /organizations/{o}/organization_memberships`, as its table in the user-management spec lists it (less
 * `sys.lastActiveAt` and `sys.sso`, which Tessera does not record). `sys.user.email` also filters by equality (an
 * exact lookup the hosted service offers through `query`).
 */
export const ORGANIZATION_MEMBERSHIPS: UmCollection<MembershipKey> = {
  fields: {
    role: field('role', 'symbol', EQUALITY, { order: true, values: ROLES }),
    'sys.status': field('status', 'symbol', EQUALITY, { values: ['pending', 'active'] }),
    'sys.user.sys.id': field('userId', 'symbol', EQUALITY),
    'sys.user.firstName': field('firstName', 'symbol', ['eq', 'ne', 'exists'], { order: true }),
    'sys.user.lastName': field('lastName', 'symbol', ['eq', 'ne', 'exists'], { order: true }),
    'sys.user.email': field('email', 'symbol', EQUALITY, { order: true }),
    'sys.createdAt': field('createdAt', 'date', RANGE, { order: true }),
    'sys.updatedAt': field('updatedAt', 'date', RANGE),
  },
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
  query: { key: 'text', over: ['sys.user.sys.id', 'sys.user.firstName', 'sys.user.lastName', 'sys.user.email'] },
  include: { 'sys.user': 'User', 'sys.createdBy': 'User', 'sys.updatedBy': 'User' },
};

export const membershipLinks: LinkOf<OrganizationMembershipRecord> = (m, path) =>
  (path === 'sys.user' ? m.userId : path === 'sys.createdBy' ? m.createdBy : path === 'sys.updatedBy' ? m.updatedBy : undefined);
