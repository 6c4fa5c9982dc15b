import { sql, type RawBuilder } from 'kysely';

/**
 * The team space memberships of a space that reach its users: one row per (team space membership, user) for every
 * active member of the team (`admin`, `roles`, `user_id` and the membership's columns). Pending members inherit
 * nothing until they join. Used by the access reads (`spaces.findAccessible`, `memberRoles.rolesOf`) and the space
 * members view, so all three agree on who has team-derived access.
 */
export const teamGrants = (spaceId: RawBuilder<unknown>) => sql`
  select tsm.id, tsm.admin, tsm.roles, tsm.version, tsm.created_at, tsm.updated_at, m.user_id
  from team_space_memberships as tsm
  join team_memberships as tm on tm.team_id = tsm.team_id
  join organization_memberships as m on m.id = tm.organization_membership_id and m.status = 'active'
  where tsm.space_id = ${spaceId}`;
