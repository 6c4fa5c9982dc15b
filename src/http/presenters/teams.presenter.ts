import type { IncludedRecords } from '../../domain/shared/collection-includes.ts';
import { toSecondsIso } from '../../lib/time.ts';
import type { TeamMembershipRecord, TeamRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';
import { presentOrganizationMembership } from './members.presenter.ts';
import { presentRole } from './roles.presenter.ts';
import { presentSpace } from './spaces.presenter.ts';
import { presentUser } from './users.presenter.ts';

const audit = (r: { createdAt: string; updatedAt: string; createdBy: string | null; updatedBy: string | null }) => ({
  createdAt: toSecondsIso(r.createdAt),
  updatedAt: toSecondsIso(r.updatedAt),
  createdBy: userLink(r.createdBy),
  updatedBy: userLink(r.updatedBy),
});

export const presentTeam = (t: TeamRecord) => ({
  name: t.name,
  description: t.description,
  sys: {
    type: 'Team',
    id: t.id,
    version: t.version,
    memberCount: t.memberCount,
    organization: link('Organization', t.organizationId),
    ...audit(t),
  },
});

export const presentTeamMembership = (m: TeamMembershipRecord) => ({
  organizationMembershipId: m.organizationMembershipId,
  sys: {
    type: 'TeamMembership',
    id: m.id,
    organization: link('Organization', m.organizationId),
    team: link('Team', m.teamId),
    organizationMembership: link('OrganizationMembership', m.organizationMembershipId),
    user: link('User', m.userId),
    ...audit(m),
  },
});

/** `includes` of a user-management collection, grouped by type; absent when the request named no include. */
export function presentIncludes(included: IncludedRecords | undefined) {
  if (!included) return undefined;
  return {
    ...(included.User && { User: included.User.map(presentUser) }),
    ...(included.OrganizationMembership && {
      OrganizationMembership: included.OrganizationMembership.map(presentOrganizationMembership),
    }),
    ...(included.Team && { Team: included.Team.map(presentTeam) }),
    ...(included.Role && { Role: included.Role.map(presentRole) }),
    ...(included.Space && { Space: included.Space.map(presentSpace) }),
  };
}
