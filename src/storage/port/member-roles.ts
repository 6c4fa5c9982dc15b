import type { RoleRecord } from './roles.ts';

/** A role of a membership, as the authorizer compiles it. */
export type MemberRole = Pick<RoleRecord, 'id' | 'permissions' | 'policies'>;

/** The roles a user holds in a space (the Role links of their space membership). */
export interface MemberRolesRepository {
  /**
   * The roles linked from the user's membership of the space, oldest link first; empty without a membership.
   * Read-cached: a warm request costs no database read. Role writes and membership writes make it stale.
   */
  rolesOf(spaceId: string, userId: string): Promise<readonly MemberRole[]>;
}
