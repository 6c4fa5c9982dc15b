import { notFound, validationFailed, versionMismatch, type ErrorItem } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type {
  Repositories,
  SpaceRecord,
  Storage,
  TeamSpaceMembershipKey,
  TeamSpaceMembershipRecord,
} from '../../storage/port/index.ts';
import {
  roleCountProblems,
  roleIdsOf,
  unknownRoleProblems,
  type SpaceMembershipInput,
} from '../members/space-membership-input.ts';
import type { CollectionQuery } from '../shared/collection-query.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import {
  ORGANIZATION_TEAM_SPACE_MEMBERSHIPS,
  SPACE_TEAM_SPACE_MEMBERSHIPS,
} from '../shared/user-management-collections.ts';
import { loadIncludes } from '../shared/collection-includes.ts';
import { teamSpaceMembershipLinks } from './team-space-membership-collections.ts';
import { teamNotFound } from './teams-service.ts';

const membershipNotFound = (id: string) => notFound('TeamSpaceMembership', id);

const teamTaken = (teamId: string): ErrorItem => ({
  name: 'taken',
  path: ['sys', 'team'],
  value: teamId,
  details: `The team "${teamId}" already has a membership in this space.`,
});

/**
 * Team space memberships: a team's access to a space (space admin, or roles of the space), inherited by every
 * active member of the team. The authorizer has decided who may call each operation (space admins write, space
 * members read; organization-wide reads for every member). One per team and space; the team is of the space's
 * organization. Writes lock the named roles FOR SHARE, as space memberships do, so a concurrent role delete waits.
 */
export function teamSpaceMembershipsService(storage: Storage) {
  const { teamSpaceMemberships, spaces } = storage.repos;

  async function spaceOf(spaceId: string): Promise<SpaceRecord> {
    return (await spaces.find(spaceId)) ?? Promise.reject(notFound('Space', spaceId));
  }

  async function lockedRoles(
    repos: Repositories,
    spaceId: string,
    input: SpaceMembershipInput,
    problems = roleCountProblems(input),
  ): Promise<string[]> {
    const roleIds = roleIdsOf(input);
    problems.push(...unknownRoleProblems(input, await repos.members.lockRolesForShare(spaceId, roleIds)));
    if (problems.length) throw validationFailed(problems);
    return roleIds;
  }

  const withIncludes = async (
    organizationId: string,
    page: { items: TeamSpaceMembershipRecord[]; total: number },
    query: CollectionQuery<TeamSpaceMembershipKey>,
    organizationWide: boolean,
  ) => ({
    ...page,
    includes: await loadIncludes(
      storage.repos,
      organizationId,
      page.items,
      query.include,
      organizationWide ? ORGANIZATION_TEAM_SPACE_MEMBERSHIPS : SPACE_TEAM_SPACE_MEMBERSHIPS,
      teamSpaceMembershipLinks,
    ),
  });

  return {
    async list(spaceId: string, query: CollectionQuery<TeamSpaceMembershipKey>) {
      const space = await spaceOf(spaceId);
      return withIncludes(space.organizationId, await teamSpaceMemberships.page({ spaceId }, query), query, false);
    },

    async get(spaceId: string, id: string): Promise<TeamSpaceMembershipRecord> {
      return (await teamSpaceMemberships.find({ spaceId }, id)) ?? Promise.reject(membershipNotFound(id));
    },

    /** Every team space membership of the organization's spaces; any active member of the organization may read them. */
    async listInOrganization(organizationId: string, query: CollectionQuery<TeamSpaceMembershipKey>) {
      return withIncludes(organizationId, await teamSpaceMemberships.page({ organizationId }, query), query, true);
    },

    async getInOrganization(organizationId: string, id: string): Promise<TeamSpaceMembershipRecord> {
      return (await teamSpaceMemberships.find({ organizationId }, id)) ?? Promise.reject(membershipNotFound(id));
    },

    /**
     * Gives the team (a team of the space's organization, else 404) access to the space at version 0. Runs under the
     * organization's row lock, which a team delete also takes, so the team cannot go meanwhile.
     */
    async create(
      actor: Actor,
      spaceId: string,
      teamId: string,
      input: SpaceMembershipInput,
    ): Promise<TeamSpaceMembershipRecord> {
      const { organizationId } = await spaceOf(spaceId);
      return storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        if (!(await repos.teams.findTeam(organizationId, teamId))) throw teamNotFound(teamId);
        const problems = roleCountProblems(input);
        if (await repos.teamSpaceMemberships.findOfTeam(spaceId, teamId)) problems.push(teamTaken(teamId));
        const roleIds = await lockedRoles(repos, spaceId, input, problems);
        const inserted = await repos.teamSpaceMemberships.insert({
          id: generateId(),
          organizationId,
          spaceId,
          teamId,
          admin: input.admin,
          roleIds,
          createdBy: actorId(actor),
        });
        if (inserted === 'taken') throw validationFailed([teamTaken(teamId)]);
        return inserted;
      });
    },

    /** Replaces the admin flag and roles at the current version; the team never changes. */
    async update(
      actor: Actor,
      spaceId: string,
      id: string,
      input: SpaceMembershipInput,
      version: number | undefined,
    ): Promise<TeamSpaceMembershipRecord> {
      return storage.transaction(async (repos) => {
        const current = await repos.teamSpaceMemberships.find({ spaceId }, id);
        if (!current) throw membershipNotFound(id);
        if (version === undefined || version !== current.version) throw versionMismatch(current.version, version);
        const roleIds = await lockedRoles(repos, spaceId, input);
        const updated = await repos.teamSpaceMemberships.update(
          spaceId,
          id,
          { admin: input.admin, roleIds },
          version,
          actorId(actor),
        );
        if (updated) return updated;
        const now = await repos.teamSpaceMemberships.find({ spaceId }, id);
        throw now ? versionMismatch(now.version, version) : membershipNotFound(id);
      });
    },

    async delete(spaceId: string, id: string): Promise<void> {
      if (!(await teamSpaceMemberships.delete(spaceId, id))) throw membershipNotFound(id);
    },
  };
}

export type TeamSpaceMembershipsService = ReturnType<typeof teamSpaceMembershipsService>;
