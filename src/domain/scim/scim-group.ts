import SCIMMY from 'scimmy';
import type { Repositories, TeamRecord, UserRecord } from '../../storage/port/index.ts';
import { membershipsOfTeams } from '../teams/team-members-sync.ts';
import type { ScimProjection } from './scim-attributes.ts';

export const GROUP_SCHEMA_ID = SCIMMY.Schemas.Group.definition.id;

/** A member of a SCIM group: a user of the organization by their SCIM user id (the account's user id). */
export interface ScimGroupMember {
  value: string;
  display: string;
  type: 'User';
}

/** A team as a SCIM group; `members` is undefined when the request's attributes leave them out. */
export interface ScimGroupRecord {
  team: TeamRecord;
  members: ScimGroupMember[] | undefined;
}

const displayOf = (u: Pick<UserRecord, 'email' | 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/** The SCIM groups of `teams`, with their members (one query for the memberships, one for the users) unless `withMembers` is false. */
export async function groupsOf(
  repos: Repositories,
  organizationId: string,
  teams: TeamRecord[],
  withMembers: boolean,
): Promise<ScimGroupRecord[]> {
  if (!withMembers) return teams.map((team) => ({ team, members: undefined }));
  const memberships = await membershipsOfTeams(
    repos,
    organizationId,
    teams.map((t) => t.id),
  );
  const users = new Map(
    (await repos.linkedRecords.users([...new Set(memberships.map((m) => m.userId))])).map((u) => [u.id, u]),
  );
  return teams.map((team) => ({
    team,
    members: memberships
      .filter((m) => m.teamId === team.id)
      .map((m) => {
        const user = users.get(m.userId);
        return { value: m.userId, display: user ? displayOf(user) : m.userId, type: 'User' as const };
      }),
  }));
}

const SAMPLE_GROUP = {
  schemas: [GROUP_SCHEMA_ID],
  id: 'sample',
  displayName: 'sample',
  members: [{ value: 'sample', display: 'sample', type: 'User' }],
  meta: { resourceType: 'Group' },
};

/** Whether groups answered through `projection` show their members (else they are not read). */
export const projectsMembers = (projection: ScimProjection) => projection.keeps(SAMPLE_GROUP, 'members');
