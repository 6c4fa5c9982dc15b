import { AppError, ScimError } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { Repositories, Storage, TeamRecord } from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { replaceTeamMembers } from '../teams/team-members-sync.ts';
import type { TeamsService } from '../teams/teams-service.ts';
import { groupsOf, type ScimGroupRecord } from './scim-group.ts';
import { eqFilterValue } from './scim-eq-filter.ts';
import { groupInput, patchGroup, type ScimGroupState } from './scim-group-patch.ts';
import { SCIM_MAX_RESULTS, type ScimListRequest } from './scim-users-service.ts';

export interface ScimGroupPage {
  items: ScimGroupRecord[];
  total: number;
  startIndex: number;
}

const groupNotFound = (id: string) => new AppError('NotFound', `Resource ${id} not found`, { type: 'Group', id });

/** The organization memberships of the SCIM user ids; an id that is no user of the organization is 400 invalidValue. */
async function membershipIdsOf(repos: Repositories, organizationId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { items } = await repos.members.pageMemberships(organizationId, {
    skip: 0,
    limit: userIds.length,
    order: [{ key: 'createdAt', direction: 'asc' }],
    where: [{ key: 'userId', valueType: 'symbol', op: 'in', value: userIds }],
  });
  const found = new Set(items.map((m) => m.userId));
  const unknown = userIds.filter((id) => !found.has(id));
  if (unknown.length)
    throw new ScimError(
      'invalidValue',
      `No user of this organization has the id ${unknown.map((id) => `"${id}"`).join(', ')}.`,
    );
  return items.map((m) => m.id);
}

/**
 * SCIM groups are the teams of an organization (owners and admins only): the name is the team's name, unique in the
 * organization, and the members are the team memberships of the members' organization memberships. Every change runs
 * in one transaction under the organization's row lock: it applies whole or not at all.
 */
export function scimGroupsService(storage: Storage, teams: TeamsService) {
  /** Stores `state` as the team `current` (a new team when undefined) and answers the team. */
  async function store(
    repos: Repositories,
    actor: Actor,
    organizationId: string,
    current: TeamRecord | undefined,
    state: ScimGroupState,
  ) {
    const other = await repos.teams.findTeamByName(organizationId, state.displayName);
    if (other && other.id !== current?.id)
      throw new ScimError('uniqueness', `A group named "${state.displayName}" exists already in the organization.`);
    const membershipIds = await membershipIdsOf(repos, organizationId, state.memberIds);
    const teamId = current?.id ?? generateId();
    if (!current) {
      await repos.teams.insertTeam({
        id: teamId,
        organizationId,
        name: state.displayName,
        description: null,
        createdBy: actorId(actor),
      });
    } else if (current.name !== state.displayName) {
      const change = { name: state.displayName, description: current.description };
      if (!(await repos.teams.updateTeam(organizationId, teamId, change, current.version, actorId(actor))))
        throw groupNotFound(teamId);
    }
    await replaceTeamMembers(repos, organizationId, teamId, membershipIds, actorId(actor));
    return (await repos.teams.findTeam(organizationId, teamId))!;
  }

  /** Runs `work` on the current team in one transaction under the organization's lock, then answers the group. */
  function change(
    actor: Actor,
    organizationId: string,
    teamId: string,
    work: (repos: Repositories, team: TeamRecord) => Promise<ScimGroupState>,
  ) {
    return storage.transaction(async (repos) => {
      await repos.members.lockOrganization(organizationId);
      const team = await repos.teams.findTeam(organizationId, teamId);
      if (!team) throw groupNotFound(teamId);
      const stored = await store(repos, actor, organizationId, team, await work(repos, team));
      return (await groupsOf(repos, organizationId, [stored], true))[0];
    });
  }

  return {
    async list(organizationId: string, request: ScimListRequest & { withMembers: boolean }): Promise<ScimGroupPage> {
      const name = request.filter === undefined ? undefined : await eqFilterValue(request.filter, 'displayName');
      const startIndex = Math.max(1, request.startIndex ?? 1);
      const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, request.count ?? SCIM_MAX_RESULTS));
      const { items, total } = await storage.repos.teams.pageTeams(organizationId, {
        skip: startIndex - 1,
        limit: count,
        order: [{ key: 'createdAt', direction: 'asc' }],
        where: name === undefined ? [] : [{ key: 'name', valueType: 'symbol', op: 'eq', value: name }],
      });
      return { items: await groupsOf(storage.repos, organizationId, items, request.withMembers), total, startIndex };
    },

    async get(organizationId: string, teamId: string, withMembers: boolean): Promise<ScimGroupRecord> {
      const team = await storage.repos.teams.findTeam(organizationId, teamId);
      if (!team) throw groupNotFound(teamId);
      return (await groupsOf(storage.repos, organizationId, [team], withMembers))[0];
    },

    /** Creates the team and its memberships; a taken name is 409 uniqueness, an unknown member 400 invalidValue. */
    async create(actor: Actor, organizationId: string, body: unknown): Promise<ScimGroupRecord> {
      const state = await groupInput(body);
      return storage.transaction(async (repos) => {
        await repos.members.lockOrganization(organizationId);
        const team = await store(repos, actor, organizationId, undefined, state);
        return (await groupsOf(repos, organizationId, [team], true))[0];
      });
    },

    /** PUT: the name and the whole member list (none when left out). */
    async replace(actor: Actor, organizationId: string, teamId: string, body: unknown): Promise<ScimGroupRecord> {
      const state = await groupInput(body);
      return change(actor, organizationId, teamId, async () => state);
    },

    /** PATCH: every operation applied by scimmy to the current group, then stored at once. */
    async patch(actor: Actor, organizationId: string, teamId: string, body: unknown): Promise<ScimGroupRecord> {
      return change(actor, organizationId, teamId, async (repos, team) => {
        const [current] = await groupsOf(repos, organizationId, [team], true);
        return patchGroup(body, team.id, { displayName: team.name, memberIds: current.members!.map((m) => m.value) });
      });
    },

    /** Deletes the team through the teams service: its team memberships and team space memberships go with it. */
    async delete(organizationId: string, teamId: string): Promise<void> {
      if (!(await storage.repos.teams.findTeam(organizationId, teamId))) throw groupNotFound(teamId);
      await teams.delete(organizationId, teamId);
    },
  };
}

export type ScimGroupsService = ReturnType<typeof scimGroupsService>;
