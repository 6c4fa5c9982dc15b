import type { AuditKey, CollectionPage, OrganizationRole, Page, UserRecord } from './records.ts';
import type { SpaceMembershipsStore } from './space-memberships.ts';

export type * from './space-memberships.ts';

/** A user's membership of an organization, with the user's name and email (for lists and filters). */
export interface OrganizationMembershipRecord {
  id: string;
  organizationId: string;
  userId: string;
  role: OrganizationRole;
  status: 'pending' | 'active';
  version: number;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
  user: Pick<UserRecord, 'email' | 'firstName' | 'lastName'>;
}

export interface InvitationRecord {
  id: string;
  organizationId: string;
  membershipId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: OrganizationRole;
  status: 'open' | 'accepted';
  userId: string | null;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What organization memberships are filtered and ordered by; `text`: the words `query` searches (user id, names,
 * email). `lastActiveAt` and `lastSignInAt` (`sys.sso`) are not recorded: they read as null.
 */
export type MembershipKey =
  | 'id'
  | 'role'
  | 'status'
  | 'userId'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'text'
  | 'lastActiveAt'
  | 'lastSignInAt'
  | AuditKey;

export interface NewMembership {
  id: string;
  organizationId: string;
  userId: string;
  role: OrganizationRole;
  createdBy: string;
}
export interface NewInvitation {
  id: string;
  organizationId: string;
  membershipId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: OrganizationRole;
  tokenHash: string;
  createdBy: string;
}

/** Organization memberships and the invitations that make them, and space memberships. */
export interface MembersRepository extends SpaceMembershipsStore {
  /** Locks the organization's row until the transaction ends (membership changes of one organization in turn); false: no such organization. */
  lockOrganization(organizationId: string): Promise<boolean>;
  /** The user with this email, compared case-insensitively. */
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  /** The account with this email, made if there is none (two transactions making it at once both get the one row). */
  findOrInsertUser(user: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
  }): Promise<UserRecord>;
  /** Whether the user ever had a personal access token (an account somebody uses). */
  hasTokens(userId: string): Promise<boolean>;
  renameUser(userId: string, firstName: string | null, lastName: string | null): Promise<void>;

  findMembership(organizationId: string, membershipId: string): Promise<OrganizationMembershipRecord | undefined>;
  findMembershipOfUser(organizationId: string, userId: string): Promise<OrganizationMembershipRecord | undefined>;
  pageMemberships(
    organizationId: string,
    page: CollectionPage<MembershipKey>,
  ): Promise<Page<OrganizationMembershipRecord>>;
  /**
   * An answer derived from the organization's memberships and their users (a list page with its includes), kept in the
   * read cache under `key` (whatever else it depends on) until a membership of the organization or a user's name
   * changes, in any process; else `load()`ed. Loaded every time without a cache (disabled, or inside a transaction).
   * A cached answer is shared by every caller: never change it.
   */
  cachedMembershipList<T extends object>(organizationId: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Active owners of the organization. */
  countOwners(organizationId: string): Promise<number>;
  /** A pending membership. */
  insertMembership(m: NewMembership): Promise<void>;
  /** Sets the role at the expected version; undefined when the membership or the version does not match. */
  updateRole(
    organizationId: string,
    membershipId: string,
    role: OrganizationRole,
    expectedVersion: number,
    userId: string,
  ): Promise<OrganizationMembershipRecord | undefined>;
  activate(membershipId: string): Promise<void>;
  /** Deletes the membership (its invitations and team memberships go with it) and the user's space memberships in the organization's spaces. */
  deleteMembership(organizationId: string, membershipId: string): Promise<boolean>;

  insertInvitation(i: NewInvitation): Promise<InvitationRecord>;
  findInvitation(organizationId: string, invitationId: string): Promise<InvitationRecord | undefined>;
  /** The open invitation whose URL secret has this hash, locked until the transaction ends. */
  lockOpenInvitation(tokenHash: string): Promise<InvitationRecord | undefined>;
  markAccepted(invitationId: string, userId: string): Promise<void>;
}
