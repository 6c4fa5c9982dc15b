import { sql } from 'kysely';
import type {
  RelatedMembership,
  SpaceMemberRecord,
  TeamSpaceMembershipsRepository,
} from '../port/team-space-memberships.ts';
import type { Executor } from './executor.ts';
import { teamGrants } from './team-access.ts';

type SpaceMembersStore = Pick<TeamSpaceMembershipsRepository, 'pageSpaceMembers' | 'findSpaceMember'>;

/** Every membership giving a user access to the space: their own and their teams', as rows of one shape. */
const grants = (spaceId: string) => sql`
  select sm.id, 'SpaceMembership' as kind, sm.admin, sm.roles, sm.version, sm.created_at, sm.updated_at, sm.user_id
  from space_memberships as sm where sm.space_id = ${spaceId}
  union all
  select g.id, 'TeamSpaceMembership' as kind, g.admin, g.roles, g.version, g.created_at, g.updated_at, g.user_id
  from (${teamGrants(sql`${spaceId}`)}) as g`;

/** One row per user: the union of their grants (own membership first, then teams' by age). */
const members = (spaceId: string) => sql`
  select g.user_id, bool_or(g.admin) as admin,
    jsonb_agg(g.roles order by g.kind, g.created_at, g.id) as role_lists,
    jsonb_agg(jsonb_build_object('linkType', g.kind, 'id', g.id) order by g.kind, g.created_at, g.id) as related,
    sum(g.version)::int as version, min(g.created_at) as created_at, max(g.updated_at) as updated_at
  from (${grants(spaceId)}) as g group by g.user_id`;

const toSpaceMember =
  (spaceId: string) =>
  (r: any): SpaceMemberRecord => {
    const roleIds = (r.role_lists as Array<Array<{ sys: { id: string } }>>).flat().map((link) => link.sys.id);
    return {
      spaceId,
      userId: r.user_id,
      admin: r.admin,
      roleIds: [...new Set(roleIds)],
      related: r.related as RelatedMembership[],
      version: r.version,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  };

/** The space members view, derived in one query from space memberships and team space memberships. */
export function spaceMembersStore(db: Executor): SpaceMembersStore {
  return {
    async pageSpaceMembers(spaceId, page) {
      const [rows, count] = await Promise.all([
        sql`select * from (${members(spaceId)}) as sm order by sm.created_at, sm.user_id offset ${page.skip} limit ${page.limit}`.execute(
          db,
        ),
        sql<{ n: number }>`select count(distinct g.user_id)::int as n from (${grants(spaceId)}) as g`.execute(db),
      ]);
      return { items: rows.rows.map(toSpaceMember(spaceId)), total: count.rows[0]!.n };
    },
    async findSpaceMember(spaceId, userId) {
      const { rows } = await sql`select * from (${members(spaceId)}) as sm where sm.user_id = ${userId}`.execute(db);
      return rows[0] ? toSpaceMember(spaceId)(rows[0]) : undefined;
    },
  };
}
