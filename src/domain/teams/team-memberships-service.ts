import { notFound, validationFailed } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { Storage, TeamMembershipKey } from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import type { CollectionQuery } from '../shared/collection-query.ts';
import { ORGANIZATION_TEAM_MEMBERSHIPS, TEAM_MEMBERSHIPS } from '../shared/user-management-collections.ts';
import { loadIncludes } from '../shared/collection-includes.ts';
import { teamMembershipLinks } from './team-collections.ts';
import { teamNotFound } from './teams-service.ts';

/**
 * Who is in which team: every active member reads team memberships; owners and admins add an organization membership
 * of the same organization to a team (once) and remove it again.
 */
export function teamMembershipsService(storage: Storage) {
  const { teams } = storage.repos;

  async function team(organizationId: string, teamId: string) {
    return (await teams.findTeam(organizationId, teamId)) ?? Promise.reject(teamNotFound(teamId));
  }

  return {
    /** The memberships of one team, or of every team of the organization when `teamId` is undefined. */
    async list(organizationId: string, teamId: string | undefined, query: CollectionQuery<TeamMembershipKey>) {
      if (teamId !== undefined) await team(organizationId, teamId);
      const page = await teams.pageTeamMemberships(organizationId, teamId, query);
      const collection = teamId === undefined ? ORGANIZATION_TEAM_MEMBERSHIPS : TEAM_MEMBERSHIPS;
      return {
        ...page,
        includes: await loadIncludes(
          storage.repos,
          organizationId,
          page.items,
          query.include,
          collection,
          teamMembershipLinks,
        ),
      };
    },

    async get(organizationId: string, teamId: string, id: string) {
      return (
        (await teams.findTeamMembership(organizationId, teamId, id)) ?? Promise.reject(notFound('TeamMembership', id))
      );
    },

    async create(actor: Actor, organizationId: string, teamId: string, organizationMembershipId: string) {
      return storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        if (!(await repos.teams.findTeam(organizationId, teamId))) throw teamNotFound(teamId);
        if (!(await repos.members.findMembership(organizationId, organizationMembershipId))) {
          throw validationFailed([
            {
              name: 'notResolvable',
              path: ['organizationMembershipId'],
              value: organizationMembershipId,
              details: `"${organizationMembershipId}" is not a membership of this organization.`,
            },
          ]);
        }
        if (await repos.teams.findTeamMembershipOf(teamId, organizationMembershipId)) {
          throw validationFailed([
            {
              name: 'taken',
              path: ['organizationMembershipId'],
              value: organizationMembershipId,
              details: 'This organization membership is already a member of the team.',
            },
          ]);
        }
        return repos.teams.insertTeamMembership({
          id: generateId(),
          organizationId,
          teamId,
          organizationMembershipId,
          createdBy: actorId(actor),
        });
      });
    },

    async delete(organizationId: string, teamId: string, id: string): Promise<void> {
      if (!(await teams.deleteTeamMembership(organizationId, teamId, id))) throw notFound('TeamMembership', id);
    },
  };
}

export type TeamMembershipsService = ReturnType<typeof teamMembershipsService>;
