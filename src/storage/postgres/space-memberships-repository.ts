import { sql, type RawBuilder } from 'kysely';
import type { CollectionPage, FilterCondition, FilterOperator } from '../port/records.ts';
import type {
  RoleLinkDocument,
  SpaceMembershipKey,
  SpaceMembershipRecord,
  SpaceMembershipsStore,
} from '../port/space-memberships.ts';
import type { CacheContext } from './cache-context.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import { isUniqueViolation, type Executor } from './executor.ts';
import { userTag } from './identity-repository.ts';
import { spaceTag } from './spaces-repository.ts';

type RoleKey = 'roleId' | 'roleName';
type ColumnKey = Exclude<SpaceMembershipKey, RoleKey>;

const COLUMNS: CollectionColumns<ColumnKey> = {
  id: 'sm.id',
  spaceId: 'sm.space_id',
  spaceName: 's.name',
  userId: 'sm.user_id',
  admin: 'sm.admin',
  email: 'u.email',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  createdAt: seconds('sm.created_at'),
  updatedAt: seconds('sm.updated_at'),
  version: 'sm.version',
  createdBy: 'sm.created_by',
  updatedBy: 'sm.updated_by',
  organizationMembershipId: sql`(select om.id from organization_memberships as om where om.organization_id = s.organization_id and om.user_id = sm.user_id)`,
  text: sql`concat_ws(' ', ${sql.ref('sm.user_id')}, ${sql.ref('u.first_name')}, ${sql.ref('u.last_name')}, ${sql.ref('u.email')})`,
};

const SELECTED = [
  'sm.id',
  'sm.space_id',
  'sm.user_id',
  'sm.admin',
  'sm.roles',
  'sm.version',
  'sm.created_by',
  'sm.updated_by',
  'sm.created_at',
  'sm.updated_at',
] as const;

const toSpaceMembership = (r: any): SpaceMembershipRecord => ({
  id: r.id,
  spaceId: r.space_id,
  userId: r.user_id,
  admin: r.admin,
  roles: r.roles,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The `roles` column: links in the order given, exactly the shape the authorizer's role reads expect. */
const roleLinks = (roleIds: string[]): string =>
  JSON.stringify(roleIds.map((id): RoleLinkDocument => ({ sys: { type: 'Link', linkType: 'Role', id } })));

export const isRoleKey = (key: string): key is RoleKey => key === 'roleId' || key === 'roleName';

const POSITIVE: Partial<Record<FilterOperator, FilterOperator>> = {
  eq: 'eq',
  in: 'in',
  match: 'match',
  ne: 'eq',
  nin: 'in',
};

/**
 * A `roles.sys.id` or `roles.name` filter of a membership table aliased `alias` (space or team space memberships, the
 * same `space_id` and `roles` columns): the membership has a role with one of the values (eq, in; `roles.name[match]`:
 * whose name matches the words) or none with any of them (ne, nin). Names are those of the roles of its space.
 */
export function roleFilter(db: Executor, alias: 'sm' | 'tsm', c: FilterCondition): RawBuilder<boolean> {
  const op = POSITIVE[c.op];
  if (!op) throw new Error(`roles filters do not take ${c.op}`);
  const roles = sql.ref(`${alias}.roles`);
  const has =
    c.key === 'roleId'
      ? sql<boolean>`exists (select 1 from jsonb_array_elements(${roles}) as r(link) where r.link -> 'sys' ->> 'id' = any(${sql.val((Array.isArray(c.value) ? c.value : [c.value]).map(String))}::text[]))`
      : sql<boolean>`exists (${filtered(
          db
            .selectFrom('roles as ro')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`ro.space_id = ${sql.ref(`${alias}.space_id`)}`)
            .where(
              sql<boolean>`${roles} @> jsonb_build_array(jsonb_build_object('sys', jsonb_build_object('id', ro.id)))`,
            ),
          { skip: 0, limit: 0, where: [{ ...c, key: 'roleName', op }] },
          { roleName: 'ro.name' },
        )})`;
  return c.op === op ? has : sql<boolean>`not ${has}`;
}

/** The space-membership half of the members repository. */
export function spaceMembershipsStore(db: Executor, cache?: CacheContext): SpaceMembershipsStore {
  const base = () =>
    db
      .selectFrom('space_memberships as sm')
      .innerJoin('users as u', 'u.id', 'sm.user_id')
      .innerJoin('spaces as s', 's.id', 'sm.space_id');
  const inOrganization = (organizationId: string) => base().where('s.organization_id', '=', organizationId);
  /** The member's access to the space (`spaces.findAccessible`) and everything derived from the space's memberships. */
  const changedAccess = (spaceId: string, userId: string) => cache?.invalidate([spaceTag(spaceId), userTag(userId)]);

  async function page<Q extends ReturnType<typeof base>>(query: Q, request: CollectionPage<SpaceMembershipKey>) {
    const where = request.where ?? [];
    let q = query;
    for (const c of where.filter((w) => isRoleKey(w.key))) q = q.where(roleFilter(db, 'sm', c)) as Q;
    const columnPage = { ...request, where: where.filter((w) => !isRoleKey(w.key)) } as CollectionPage<ColumnKey>;
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
      const row = await base()
        .select(SELECTED)
        .where('sm.space_id', '=', spaceId)
        .where('sm.id', '=', id)
        .executeTakeFirst();
      return row && toSpaceMembership(row);
    },
    async findSpaceMembershipInOrganization(organizationId, id) {
      const row = await inOrganization(organizationId).select(SELECTED).where('sm.id', '=', id).executeTakeFirst();
      return row && toSpaceMembership(row);
    },
    async findSpaceMembershipOfUser(spaceId, userId) {
      const row = await base()
        .select(SELECTED)
        .where('sm.space_id', '=', spaceId)
        .where('sm.user_id', '=', userId)
        .executeTakeFirst();
      return row && toSpaceMembership(row);
    },
    async findOrganizationMemberByEmail(organizationId, email) {
      const row = await db
        .selectFrom('organization_memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.id')
        .where('m.organization_id', '=', organizationId)
        .where(sql`lower(u.email)`, '=', email.toLowerCase())
        .orderBy('m.created_at')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
    async lockRolesForShare(spaceId, roleIds) {
      if (roleIds.length === 0) return [];
      const rows = await db
        .selectFrom('roles')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('id', 'in', roleIds)
        .orderBy('id')
        .forShare()
        .execute();
      return rows.map((r) => r.id);
    },
    async insertSpaceMembership(m) {
      try {
        const row = await db
          .insertInto('space_memberships')
          .values({
            id: m.id,
            space_id: m.spaceId,
            user_id: m.userId,
            admin: m.admin,
            roles: roleLinks(m.roleIds),
            version: 0,
            created_by: m.createdBy,
            updated_by: m.createdBy,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await changedAccess(m.spaceId, m.userId);
        return toSpaceMembership(row);
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async updateSpaceMembership(spaceId, id, changes, expectedVersion, userId) {
      const row = await db
        .updateTable('space_memberships')
        .set({
          admin: changes.admin,
          roles: roleLinks(changes.roleIds),
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await changedAccess(spaceId, row.user_id);
      return toSpaceMembership(row);
    },
    async deleteSpaceMembership(spaceId, id) {
      const row = await db
        .deleteFrom('space_memberships')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return false;
      await changedAccess(spaceId, row.user_id);
      return true;
    },
  };
}
