import { generateId } from '../../lib/ids.ts';
import type { Repositories, TeamMembershipRecord } from '../../storage/port/index.ts';

/** Every team membership of the teams `teamIds` (of one organization), oldest first. */
export async function membershipsOfTeams(
  repos: Repositories,
  organizationId: string,
  teamIds: readonly string[],
): Promise<TeamMembershipRecord[]> {
  if (teamIds.length === 0) return [];
  const { items } = await repos.teams.pageTeamMemberships(organizationId, undefined, {
    skip: 0,
    limit: 2 ** 31 - 1,
    where: [{ key: 'teamId', valueType: 'symbol', op: 'in', value: [...teamIds] }],
    order: [{ key: 'createdAt', direction: 'asc' }],
  });
  return items;
}

/**
 * Makes the organization memberships `organizationMembershipIds` the team's members: adds the missing ones and removes
 * the others. Run it in the caller's transaction, after checking that every id is a membership of the organization.
 */
export async function replaceTeamMembers(
  repos: Repositories,
  organizationId: string,
  teamId: string,
  organizationMembershipIds: readonly string[],
  actorUserId: string,
): Promise<void> {
  const current = await membershipsOfTeams(repos, organizationId, [teamId]);
  const wanted = new Set(organizationMembershipIds);
  const present = new Set(current.map((m) => m.organizationMembershipId));
  for (const m of current) {
    if (!wanted.has(m.organizationMembershipId)) await repos.teams.deleteTeamMembership(organizationId, teamId, m.id);
  }
  for (const organizationMembershipId of wanted) {
    if (present.has(organizationMembershipId)) continue;
    await repos.teams.insertTeamMembership({
      id: generateId(),
      organizationId,
      teamId,
      organizationMembershipId,
      createdBy: actorUserId,
    });
  }
}
