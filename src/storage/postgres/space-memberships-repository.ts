import { sql, type RawBuilder } from 'kysely';
import type { CollectionPage, FilterCondition } from '../port/records.ts';
import type { RoleLinkDocument, SpaceMembershipKey, SpaceMembershipRecord, SpaceMembershipsStore } from '../port/space-memberships.ts';
import type { CacheContext } from './cache-context.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import { isUniqueViolation, type Executor } from './executor.ts';
import { userTag } from './identity-repository.ts';
import { spaceTag } from './spaces-repository.ts';

type ColumnKey = Exclude<SpaceMembershipKey, 'roleId'>;

const COLUMNS: CollectionColumns<ColumnKey> = {
  id: 'sm.id', spaceId: 'sm.space_id', userId: 'sm.user_id', admin: 'sm.admin', email: 'u.email', firstName: 'u.first_name',
  lastName: 'u.last_name', createdAt: seconds('sm.created_at'), updatedAt: seconds('sm.updated_at'), version: 'sm.version',
  createdBy: 'sm.created_by', updatedBy: 'sm.updated_by',
};

const SELECTED = [
  'sm.id', 'sm.space_id', 'sm.user_id', 'sm.admin', 'sm.roles', 'sm.version', 'sm.created_by', 'sm.updated_by', 'sm.created_at', 'sm.updated_at',
] as const;

const toSpaceMembership = (r: any): SpaceMembershipRecord => ({
  id: r.id, spaceId: r.space_id, userId: r.user_id, admin: r.admin, roles: r.roles, version: r.version,
  createdBy: r.created_by, updatedBy: r.updated_by, createdAt: r.created_at, updatedAt: r.updated_at,
});

/** The `roles` column: links in the order given, exactly the shape the authorizer's role reads expect. */
const roleLinks = (roleIds: string[]): string =>
  JSON.stringify(roleIds.map((id): RoleLinkDocument => ({ sys: { type: 'Link', linkType: 'Role', id } })));

/** `roles.sys.id` filters: whether the membership has one of the roles (eq/in), none of them (ne/nin), or any role at all (exists). */
function roleCondition(c: FilterCondition): RawBuilder<boolean> {
  const ids = (Array.isArray(c.value) ? c.value : [c.value]).map(String);
  const has = sql<boolean>`exists (select 1 from jsonb_array_elements(sm.roles) as r(link) where r.link -> 'sys' ->> 'id' = any(${sql.val(ids)}::text[]))`;
  if (c.op === 'eq' || c.op === 'in') return has;
  if (c.op === 'ne' || c.op === 'nin') return sql<boolean>`not ${has}`;
  if (c.op === 'exists') return c.value ? sql<boolean>`jsonb_array_length(sm.roles) > 0` : sql<boolean>`jsonb_array_length(sm.roles) = 0`;
  throw new Error(`roles.sys.id does not take ${c.op}`);
}

/** The space-membership half of the members repository. */
export function spaceMembershipsStore(db: Executor, cache?: CacheContext): SpaceMembershipsStore {
  const base = () => db.selectFrom('space_memberships as sm').innerJoin('users as u', 'u.id', 'sm.user_id');
  const inOrganization = (organizationId: string) => base().innerJoin('spaces as s', 's.id', 'sm.space_id').where('s.organization_id', '=', organizationId);
  /** The member's access to the space (`spaces.findAccessible`) and everything derived from the space's memberships. */
  const changedAccess = (spaceId: string, userId: string) => cache?.invalidate([spaceTag(spaceId), userTag(userId)]);

  async function page<Q extends ReturnType<typeof base>>(query: Q, request: CollectionPage<SpaceMembershipKey>) {
    const where = request.where ?? [];
    let q = query;
    for (const c of where.filter((w) => w.key === 'roleId')) q = q.where(roleCondition(c)) as Q;
    const columnPage = { ...request, where: where.filter((w) => w.key !== 'roleId') } as CollectionPage<ColumnKey>;
    const matching = filtered(q, columnPage, COLUMNS);
    const [rows, count] = await Promise.all([
      paged(matching.select(SELECTED), columnPage, COLUMNS, 'sm.id', ['createdAt']).execute(),
      matching.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toSpaceMembership), total: count.n };
  }

  return {
    pageSpaceMemberships: (spaceId, request) => page(base().where('sm.space_id', '=', spaceId), request),
    pageSpaceMembershipsInOrganization: (organizationId, request) => page(inOrganization(organizationId), request),
    async findSpaceMembership(spaceId, id) {
      const row = await base().select(SELECTED).where('sm.space_id', '=', spaceId).where('sm.id', '=', id).executeTakeFirst();
      return row && toSpaceMembership(row);
    },
    async findSpaceMembershipInOrganization(organizationId, id) {
      const row = await inOrganization(organizationId).select(SELECTED).where('sm.id', '=', id).executeTakeFirst();
      return row && toSpaceMembership(row);
    },
    async findSpaceMembershipOfUser(spaceId, userId) {
      const row = await base().select(SELECTED).where('sm.space_id', '=', spaceId).where('sm.user_id', '=', userId).executeTakeFirst();
      return row && toSpaceMembership(row);
    },
    async findOrganizationMemberByEmail(organizationId, email) {
      const row = await db.selectFrom('organization_memberships as m').innerJoin('users as u', 'u.id', 'm.user_id').select('u.id')
        .where('m.organization_id', '=', organizationId).where(sql`lower(u.email)`, '=', email.toLowerCase())
        .orderBy('m.created_at').limit(1).executeTakeFirst();
      return row?.id;
    },
    async lockRolesForShare(spaceId, roleIds) {
      if (roleIds.length === 0) return [];
      const rows = await db.selectFrom('roles').select('id').where('space_id', '=', spaceId).where('id', 'in', roleIds)
        .orderBy('id').forShare().execute();
      return rows.map((r) => r.id);
    },
    async insertSpaceMembership(m) {
      try {
        const row = await db.insertInto('space_memberships').values({
          id: m.id, space_id: m.spaceId, user_id: m.userId, admin: m.admin, roles: roleLinks(m.roleIds), version: 0,
          created_by: m.createdBy, updated_by: m.createdBy,
        }).returningAll().executeTakeFirstOrThrow();
        await changedAccess(m.spaceId, m.userId);
        return toSpaceMembership(row);
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async updateSpaceMembership(spaceId, id, changes, expectedVersion, userId) {
      const row = await db.updateTable('space_memberships').set({
        admin: changes.admin, roles: roleLinks(changes.roleIds), version: sql`version + 1`, updated_by: userId, updated_at: sql`now()`,
      }).where('space_id', '=', spaceId).where('id', '=', id).where('version', '=', expectedVersion).returningAll().executeTakeFirst();
      if (!row) return undefined;
      await changedAccess(spaceId, row.user_id);
      return toSpaceMembership(row);
    },
    async deleteSpaceMembership(spaceId, id) {
      const row = await db.deleteFrom('space_memberships').where('space_id', '=', spaceId).where('id', '=', id).returning('user_id').executeTakeFirst();
      if (!row) return false;
      await changedAccess(spaceId, row.user_id);
      return true;
    },
  };
}
