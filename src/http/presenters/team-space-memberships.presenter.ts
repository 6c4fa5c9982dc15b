import { toSecondsIso } from '../../lib/time.ts';
import type { SpaceMemberRecord, TeamSpaceMembershipRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

/** A team space membership as both APIs show it, settings timestamps in whole seconds. */
export const presentTeamSpaceMembership = (m: TeamSpaceMembershipRecord) => ({
  admin: m.admin,
  roles: m.roles.map((r) => link('Role', r.sys.id)),
  sys: {
    type: 'TeamSpaceMembership',
    id: m.id,
    version: m.version,
    space: link('Space', m.spaceId),
    team: link('Team', m.teamId),
    createdBy: userLink(m.createdBy),
    createdAt: toSecondsIso(m.createdAt),
    updatedBy: userLink(m.updatedBy),
    updatedAt: toSecondsIso(m.updatedAt),
  },
});

/** A space member: one user's combined access, with links to the memberships it comes from. */
export const presentSpaceMember = (m: SpaceMemberRecord) => ({
  admin: m.admin,
  roles: m.roleIds.map((id) => link('Role', id)),
  sys: {
    type: 'SpaceMember',
    id: m.userId,
    version: m.version,
    createdAt: toSecondsIso(m.createdAt),
    updatedAt: toSecondsIso(m.updatedAt),
    space: link('Space', m.spaceId),
    user: link('User', m.userId),
    relatedMemberships: m.related.map((r) => link(r.linkType, r.id)),
  },
});
