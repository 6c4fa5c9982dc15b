import { sql } from 'kysely';
import type { MemberRole, MemberRolesRepository } from '../port/member-roles.ts';
import type { Executor } from './executor.ts';

/** Reads the roles of a membership by following the Role links of `space_memberships.roles` (jsonb). */
export function memberRolesRepository(db: Executor): MemberRolesRepository {
  return {
    async rolesOf(spaceId, userId) {
      const { rows } = await sql<MemberRole>`select r.id, r.permissions, r.policies
        from space_memberships as sm
        cross join lateral jsonb_array_elements(sm.roles) with ordinality as e(link, position)
        join roles as r on r.space_id = sm.space_id and r.id = e.link -> 'sys' ->> 'id'
        where sm.space_id = ${spaceId} and sm.user_id = ${userId}
        order by e.position`.execute(db);
      return rows.map((r) => ({ id: r.id, permissions: r.permissions, policies: r.policies }));
    },
  };
}
