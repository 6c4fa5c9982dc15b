import { notFound, validationFailed, versionMismatch, type ErrorItem } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { Repositories, Storage, TeamChange, TeamKey, TeamRecord } from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import type { CollectionQuery } from '../shared/collection-query.ts';

/** The body of a team's create and update (the published document has checked its shape). */
export interface TeamInput {
  name: string;
  description: string | null;
}

const nameTaken = (name: string): ErrorItem => ({
  name: 'taken',
  path: ['name'],
  value: name,
  details: `Another team of this organization is named "${name}".`,
});

function change(input: TeamInput): TeamChange {
  const name = input.name.trim();
  if (!name)
    throw validationFailed([{ name: 'size', path: ['name'], value: input.name, details: 'A team needs a name.' }]);
  return { name, description: input.description };
}

export const teamNotFound = (teamId: string) => notFound('Team', teamId);

/**
 * Removes what hangs off a team before the team goes: its team space memberships, explicitly, so that the cached
 * access of the spaces they opened goes stale at once (the foreign key would cascade them silently). Its team
 * memberships go with the team's row (team_memberships.team_id on delete cascade).
 */
async function deleteTeamDependents(repos: Repositories, team: TeamRecord): Promise<void> {
  await repos.teamSpaceMemberships.deleteOfTeam(team.id);
}

/**
 * Teams of an organization: every active member reads them; owners and admins create, rename and delete them (the
 * authorizer decides). A
 * team's name is unique in its organization. Changes run under the organization's row lock.
 */
export function teamsService(storage: Storage) {
  const { teams } = storage.repos;

  async function uniqueName(repos: Repositories, organizationId: string, name: string, teamId?: string): Promise<void> {
    const other = await repos.teams.findTeamByName(organizationId, name);
    if (other && other.id !== teamId) throw validationFailed([nameTaken(name)]);
  }

  return {
    list: (organizationId: string, query: CollectionQuery<TeamKey>) => teams.pageTeams(organizationId, query),

    async get(organizationId: string, teamId: string) {
      return (await teams.findTeam(organizationId, teamId)) ?? Promise.reject(teamNotFound(teamId));
    },

    async create(actor: Actor, organizationId: string, input: TeamInput) {
      const team = change(input);
      return storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        await uniqueName(repos, organizationId, team.name);
        return repos.teams.insertTeam({ id: generateId(), organizationId, ...team, createdBy: actorId(actor) });
      });
    },

    async update(actor: Actor, organizationId: string, teamId: string, input: TeamInput, version: number | undefined) {
      const team = change(input);
      return storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        const current = await repos.teams.findTeam(organizationId, teamId);
        if (!current) throw teamNotFound(teamId);
        if (version === undefined || version !== current.version) throw versionMismatch(current.version, version);
        await uniqueName(repos, organizationId, team.name, teamId);
        const updated = await repos.teams.updateTeam(organizationId, teamId, team, version, actorId(actor));
        return updated ?? Promise.reject(versionMismatch(current.version, version));
      });
    },

    async delete(organizationId: string, teamId: string): Promise<void> {
      await storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        const team = await repos.teams.findTeam(organizationId, teamId);
        if (!team) throw teamNotFound(teamId);
        await deleteTeamDependents(repos, team);
        await repos.teams.deleteTeam(organizationId, teamId);
      });
    },
  };
}

export type TeamsService = ReturnType<typeof teamsService>;
