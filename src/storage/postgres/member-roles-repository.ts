import { sql } from 'kysely';
import type { MemberRole, MemberRolesRepository } from '../port/member-roles.ts';
import type { Executor } from './executor.ts';
import { teamGrants } from './team-access.ts';

/**
 * Reads a user's roles in a space by following the Role links (jsonb) of their space membership and of the team
 * space memberships of their teams: the union, each role once, their own membership's first, then the teams' by age.
 */
export function memberRolesRepository(db: Executor): MemberRolesRepository {
  return {
    async rolesOf(spaceId, userId) {
      const { rows } = await sql<MemberRole>`select r.id, r.permissions, r.policies
        from (
          select sm.roles, 0 as source, sm.created_at from space_memberships as sm where sm.space_id = ${spaceId} and sm.user_id = ${userId}
          union all
          select g.roles, 1 as source, g.created_at from (${teamGrants(sql`${spaceId}`)}) as g where g.user_id = ${userId}
        ) as granted
        cross join lateral jsonb_array_elements(granted.roles) with ordinality as e(link, position)
        join roles as r on r.space_id = ${spaceId} and r.id = e.link -> 'sys' ->> 'id'
        group by r.space_id, r.id
        order by min(array[granted.source, extract(epoch from granted.created_at), e.position])`.execute(db);
      return rows.map((r) => ({ id: r.id, permissions: r.permissions, policies: r.policies }));
    },
    async organizationRolesOf(userId) {
      const rows = await db
        .selectFrom('organization_memberships')
        .select(['organization_id', 'role'])
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .execute();
      return rows.map((r) => ({ organizationId: r.organization_id, role: r.role }));
    },
  };
}
