import type { Audit, AuditKey, CollectionPage, Page } from './records.ts';

/** A link to a role as stored in `space_memberships.roles` (and answered as is): the roles of a member are the union of these ids. */
export interface RoleLinkDocument {
  sys: { type: 'Link'; linkType: 'Role'; id: string };
}

/** A user's membership of a space: the admin flag or roles of the space. One per user and space. */
export interface SpaceMembershipRecord extends Audit {
  id: string;
  spaceId: string;
  userId: string;
  admin: boolean;
  roles: RoleLinkDocument[];
  version: number;
}

/**
 * What space memberships are filtered and ordered by (`roleId`/`roleName`: the membership has such a role;
 * `organizationMembershipId`: the member's membership of the space's organization; `text`: the words `query`
 * searches, the user's id, names and email).
 */
export type SpaceMembershipKey =
  | 'id'
  | 'spaceId'
  | 'spaceName'
  | 'userId'
  | 'organizationMembershipId'
  | 'admin'
  | 'roleId'
  | 'roleName'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'text'
  | AuditKey;

export interface NewSpaceMembership {
  id: string;
  spaceId: string;
  userId: string;
  admin: boolean;
  roleIds: string[];
  createdBy: string;
}
export interface SpaceMembershipChanges {
  admin: boolean;
  roleIds: string[];
}

/** Space memberships (part of the members repository). Writes invalidate the member's cached access to the space. */
export interface SpaceMembershipsStore {
  pageSpaceMemberships(spaceId: string, page: CollectionPage<SpaceMembershipKey>): Promise<Page<SpaceMembershipRecord>>;
  /** The memberships of every space of the organization. */
  pageSpaceMembershipsInOrganization(
    organizationId: string,
    page: CollectionPage<SpaceMembershipKey>,
  ): Promise<Page<SpaceMembershipRecord>>;
  findSpaceMembership(spaceId: string, id: string): Promise<SpaceMembershipRecord | undefined>;
  findSpaceMembershipInOrganization(organizationId: string, id: string): Promise<SpaceMembershipRecord | undefined>;
  findSpaceMembershipOfUser(spaceId: string, userId: string): Promise<SpaceMembershipRecord | undefined>;
  /** The user of the organization's membership (pending or active) with this email, compared case-insensitively. */
  findOrganizationMemberByEmail(organizationId: string, email: string): Promise<string | undefined>;
  /**
   * Which of these role ids are roles of the space, locking their rows FOR SHARE until the transaction ends (a role
   * delete, which locks FOR UPDATE, waits and then sees the membership).
   */
  lockRolesForShare(spaceId: string, roleIds: string[]): Promise<string[]>;
  /** Inserts at version 0; `taken` when the user already has a membership in the space. */
  insertSpaceMembership(m: NewSpaceMembership): Promise<SpaceMembershipRecord | 'taken'>;
  /** Replaces admin and roles at `expectedVersion` (version + 1); undefined when gone or at another version. */
  updateSpaceMembership(
    spaceId: string,
    id: string,
    changes: SpaceMembershipChanges,
    expectedVersion: number,
    userId: string,
  ): Promise<SpaceMembershipRecord | undefined>;
  deleteSpaceMembership(spaceId: string, id: string): Promise<boolean>;
}
