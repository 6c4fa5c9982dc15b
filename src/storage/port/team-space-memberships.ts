import type { Audit, CollectionPage, Page } from './records.ts';
import type { RoleLinkDocument } from './space-memberships.ts';

/** A team's access to a space: the admin flag or roles of the space, inherited by every active member of the team. */
export interface TeamSpaceMembershipRecord extends Audit {
  id: string;
  organizationId: string;
  spaceId: string;
  teamId: string;
  admin: boolean;
  roles: RoleLinkDocument[];
  version: number;
}

/** What team space memberships are filtered and ordered by (`roleId`/`roleName`: the membership has such a role). */
export type TeamSpaceMembershipKey =
  'id' | 'spaceId' | 'spaceName' | 'teamId' | 'roleId' | 'roleName' | 'createdAt' | 'updatedAt';

/** Where a team space membership is looked for: one space, or every space of an organization. */
export type TeamSpaceMembershipScope = { spaceId: string } | { organizationId: string };

export interface NewTeamSpaceMembership {
  id: string;
  organizationId: string;
  spaceId: string;
  teamId: string;
  admin: boolean;
  roleIds: string[];
  createdBy: string;
}

/** A link from a space member to one of the memberships its access comes from. */
export interface RelatedMembership {
  linkType: 'SpaceMembership' | 'TeamSpaceMembership';
  id: string;
}

/**
 * One user's combined access to a space (a space member): their own space membership and the team space memberships
 * of the teams they are an active member of. `admin` if any is admin; `roleIds` the union, oldest membership first.
 */
export interface SpaceMemberRecord {
  spaceId: string;
  userId: string;
  admin: boolean;
  roleIds: string[];
  related: RelatedMembership[];
  /** The sum of the related memberships' versions: it grows with every change of any of them. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * Team space memberships. Every write makes the cached access (`spaces.findAccessible`, `memberRoles.rolesOf`) of
 * the space stale, so the team's members gain or lose rights at once.
 */
export interface TeamSpaceMembershipsRepository {
  page(
    scope: TeamSpaceMembershipScope,
    page: CollectionPage<TeamSpaceMembershipKey>,
  ): Promise<Page<TeamSpaceMembershipRecord>>;
  find(scope: TeamSpaceMembershipScope, id: string): Promise<TeamSpaceMembershipRecord | undefined>;
  findOfTeam(spaceId: string, teamId: string): Promise<TeamSpaceMembershipRecord | undefined>;
  /** Inserts at version 0; `taken` when the team already has a membership in the space. */
  insert(m: NewTeamSpaceMembership): Promise<TeamSpaceMembershipRecord | 'taken'>;
  /** Replaces admin and roles at `expectedVersion` (version + 1); undefined when gone or at another version. */
  update(
    spaceId: string,
    id: string,
    changes: { admin: boolean; roleIds: string[] },
    expectedVersion: number,
    userId: string,
  ): Promise<TeamSpaceMembershipRecord | undefined>;
  delete(spaceId: string, id: string): Promise<boolean>;
  /** Deletes every team space membership of the team (before the team goes); how many there were. */
  deleteOfTeam(teamId: string): Promise<number>;

  /** The members of the space, oldest access first (ties by user id). */
  pageSpaceMembers(spaceId: string, page: CollectionPage<never>): Promise<Page<SpaceMemberRecord>>;
  findSpaceMember(spaceId: string, userId: string): Promise<SpaceMemberRecord | undefined>;
}
