import { notFound, validationFailed, versionMismatch, type ErrorItem } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { Repositories, Storage, TeamChange, TeamKey, TeamRecord } from '../../storage/port/index.ts';
import { organizationRole, requireManager } from '../members/organization-access.ts';
import type { Actor } from '../shared/actor.ts';
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
 * Teams of an organization: every active member reads them; owners and admins create, rename and delete them. A
 * team's name is unique in its organization. Changes run under the organization's row lock.
 */
export function teamsService(storage: Storage) {
  const { teams } = storage.repos;

  async function uniqueName(repos: Repositories, organizationId: string, name: string, teamId?: string): Promise<void> {
    const other = await repos.teams.findTeamByName(organizationId, name);
    if (other && other.id !== teamId) throw validationFailed([nameTaken(name)]);
  }

  return {
    async list(actor: Actor, organizationId: string, query: CollectionQuery<TeamKey>) {
      await organizationRole(storage, actor, organizationId);
      return teams.pageTeams(organizationId, query);
    },

    async get(actor: Actor, organizationId: string, teamId: string) {
      await organizationRole(storage, actor, organizationId);
      return (await teams.findTeam(organizationId, teamId)) ?? Promise.reject(teamNotFound(teamId));
    },

    async create(actor: Actor, organizationId: string, input: TeamInput) {
      await requireManager(storage, actor, organizationId);
      const team = change(input);
      return storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        await uniqueName(repos, organizationId, team.name);
        return repos.teams.insertTeam({ id: generateId(), organizationId, ...team, createdBy: actor.user.id });
      });
    },

    async update(actor: Actor, organizationId: string, teamId: string, input: TeamInput, version: number | undefined) {
      await requireManager(storage, actor, organizationId);
      const team = change(input);
      return storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        const current = await repos.teams.findTeam(organizationId, teamId);
        if (!current) throw teamNotFound(teamId);
        if (version === undefined || version !== current.version) throw versionMismatch(current.version, version);
        await uniqueName(repos, organizationId, team.name, teamId);
        const updated = await repos.teams.updateTeam(organizationId, teamId, team, version, actor.user.id);
        return updated ?? Promise.reject(versionMismatch(current.version, version));
      });
    },

    async delete(actor: Actor, organizationId: string, teamId: string): Promise<void> {
      await requireManager(storage, actor, organizationId);
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
