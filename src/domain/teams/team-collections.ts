import type { TeamKey, TeamMembershipKey, TeamMembershipRecord } from '../../storage/port/index.ts';
import { EQUALITY, field, type UmCollection } from '../shared/um-collection.ts';
import type { LinkOf } from '../shared/um-includes.ts';

/** `GET /organizations/{o}/teams`: paging only, as its table lists (oldest first). */
export const TEAMS: UmCollection<TeamKey> = {
  fields: {},
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
};

const ORDER = {
  'sys.createdAt': field<TeamMembershipKey>('createdAt', 'date', [], { order: true }),
  'sys.updatedAt': field<TeamMembershipKey>('updatedAt', 'date', [], { order: true }),
};

/** `GET /organizations/{o}/teams/{t}/team_memberships`. */
export const TEAM_MEMBERSHIPS: UmCollection<TeamMembershipKey> = {
  fields: ORDER,
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
  include: { 'sys.createdBy': 'User', 'sys.updatedBy': 'User', 'sys.organizationMembership': 'OrganizationMembership', 'sys.user': 'User' },
};

/** `GET /organizations/{o}/team_memberships` (every team of the organization). */
export const ORGANIZATION_TEAM_MEMBERSHIPS: UmCollection<TeamMembershipKey> = {
  fields: { ...ORDER, 'sys.organizationMembership.sys.id': field('organizationMembershipId', 'symbol', EQUALITY) },
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
  include: { 'sys.team': 'Team' },
};

const LINKS: Readonly<Record<string, (m: TeamMembershipRecord) => string | null>> = {
  'sys.createdBy': (m) => m.createdBy,
  'sys.updatedBy': (m) => m.updatedBy,
  'sys.organizationMembership': (m) => m.organizationMembershipId,
  'sys.user': (m) => m.userId,
  'sys.team': (m) => m.teamId,
};

export const teamMembershipLinks: LinkOf<TeamMembershipRecord> = (m, path) => LINKS[path]?.(m);
