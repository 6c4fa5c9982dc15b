import type { OrganizationRole } from './records.ts';
import type { RoleRecord } from './roles.ts';

/** A role of a membership, as the authorizer compiles it. */
export type MemberRole = Pick<RoleRecord, 'id' | 'permissions' | 'policies'>;

/** A user's role in one organization they are an active member of. */
export interface OrganizationRoleOf {
  readonly organizationId: string;
  readonly role: OrganizationRole;
}

/**
 * What a user is in spaces and organizations, as the authorizer (`domain/access`, the only reader) decides access on
 * it. Both reads are read-cached: a warm request costs no database read.
 */
export interface MemberRolesRepository {
  /**
   * The roles linked from the user's membership of the space, oldest link first; empty without a membership.
   * Role writes and membership writes make it stale.
   */
  rolesOf(spaceId: string, userId: string): Promise<readonly MemberRole[]>;
  /** The user's role in every organization they are an active member of. Their membership writes make it stale. */
  organizationRolesOf(userId: string): Promise<readonly OrganizationRoleOf[]>;
}
