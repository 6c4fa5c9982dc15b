import type { TeamSpaceMembershipKey, TeamSpaceMembershipRecord } from '../../storage/port/index.ts';
import { EQUALITY, field, RANGE, type UmCollection } from '../shared/um-collection.ts';
import type { LinkOf } from '../shared/um-includes.ts';

const ORDER = {
  'sys.createdAt': field<TeamSpaceMembershipKey>('createdAt', 'date', [], { order: true }),
  'sys.updatedAt': field<TeamSpaceMembershipKey>('updatedAt', 'date', [], { order: true }),
};

/** `GET /spaces/{s}/team_space_memberships`. */
export const SPACE_TEAM_SPACE_MEMBERSHIPS: UmCollection<TeamSpaceMembershipKey> = {
  fields: { ...ORDER, 'sys.id': field('id', 'symbol', ['eq', 'in']) },
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
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
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
  include: { roles: 'Role', 'sys.createdBy': 'User', 'sys.updatedBy': 'User', 'sys.space': 'Space', 'sys.team': 'Team' },
};

const LINKS: Readonly<Record<string, (m: TeamSpaceMembershipRecord) => string | readonly string[] | null>> = {
  roles: (m) => m.roles.map((r) => r.sys.id),
  'sys.createdBy': (m) => m.createdBy,
  'sys.updatedBy': (m) => m.updatedBy,
  'sys.space': (m) => m.spaceId,
  'sys.team': (m) => m.teamId,
};

export const teamSpaceMembershipLinks: LinkOf<TeamSpaceMembershipRecord> = (m, path) => LINKS[path]?.(m);
