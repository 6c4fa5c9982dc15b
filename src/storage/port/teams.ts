import type { OrganizationMembershipRecord } from './members.ts';
import type { AuditKey, CollectionPage, Page, SpaceRecord, UserRecord } from './records.ts';
import type { RoleRecord } from './roles.ts';

export interface TeamRecord {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  version: number;
  /** How many team memberships the team has. */
  memberCount: number;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TeamMembershipRecord {
  id: string;
  organizationId: string;
  teamId: string;
  organizationMembershipId: string;
  userId: string;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What teams are filtered and ordered by. */
export type TeamKey = 'id' | 'name' | AuditKey;
/** What team memberships are filtered and ordered by. */
export type TeamMembershipKey = 'id' | 'teamId' | 'organizationMembershipId' | 'userId' | 'createdAt' | 'updatedAt';

export interface NewTeam {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  createdBy: string;
}
export interface TeamChange {
  name: string;
  description: string | null;
}
export interface NewTeamMembership {
  id: string;
  organizationId: string;
  teamId: string;
  organizationMembershipId: string;
  createdBy: string;
}

/** Teams of organizations and their members. */
export interface TeamsRepository {
  pageTeams(organizationId: string, page: CollectionPage<TeamKey>): Promise<Page<TeamRecord>>;
  findTeam(organizationId: string, teamId: string): Promise<TeamRecord | undefined>;
  findTeamByName(organizationId: string, name: string): Promise<TeamRecord | undefined>;
  insertTeam(team: NewTeam): Promise<TeamRecord>;
  /** Changes the team at the expected version; undefined when the team or the version does not match. */
  updateTeam(
    organizationId: string,
    teamId: string,
    change: TeamChange,
    expectedVersion: number,
    userId: string,
  ): Promise<TeamRecord | undefined>;
  /** Deletes the team; its team memberships go with it. */
  deleteTeam(organizationId: string, teamId: string): Promise<boolean>;

  /** Team memberships of one team, or of the whole organization when `teamId` is undefined. */
  pageTeamMemberships(
    organizationId: string,
    teamId: string | undefined,
    page: CollectionPage<TeamMembershipKey>,
  ): Promise<Page<TeamMembershipRecord>>;
  findTeamMembership(organizationId: string, teamId: string, id: string): Promise<TeamMembershipRecord | undefined>;
  findTeamMembershipOf(teamId: string, organizationMembershipId: string): Promise<TeamMembershipRecord | undefined>;
  insertTeamMembership(m: NewTeamMembership): Promise<TeamMembershipRecord>;
  deleteTeamMembership(organizationId: string, teamId: string, id: string): Promise<boolean>;
}

/** Batch reads of the resources a user-management collection links to (its `include`), one query per type. */
export interface LinkedRecordsRepository {
  users(ids: readonly string[]): Promise<UserRecord[]>;
  organizationMemberships(organizationId: string, ids: readonly string[]): Promise<OrganizationMembershipRecord[]>;
  teams(organizationId: string, ids: readonly string[]): Promise<TeamRecord[]>;
  /** Roles of the organization's spaces with these ids. */
  roles(organizationId: string, ids: readonly string[]): Promise<RoleRecord[]>;
  spaces(organizationId: string, ids: readonly string[]): Promise<SpaceRecord[]>;
}
