import { sql } from 'kysely';
import type { RoleOrderKey, RoleRecord, RolesRepository } from '../port/roles.ts';
import type { CacheContext } from './cache-context.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import { isUniqueViolation, type Executor } from './executor.ts';
import { spaceTag } from './spaces-repository.ts';

/** Roles present their timestamps in whole seconds. */
const COLUMNS: CollectionColumns<RoleOrderKey> = {
  createdAt: seconds('created_at'),
  updatedAt: seconds('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
  name: 'name',
  description: 'description',
  id: 'id',
};

export const toRole = (r: any): RoleRecord => ({
  spaceId: r.space_id,
  id: r.id,
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  policies: r.policies,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The `roles` jsonb array of a membership contains a link to the role (served by the GIN index of 0022). */
const linksRole = (roleId: string) => sql<boolean>`sm.roles @> ${JSON.stringify([{ sys: { id: roleId } }])}::jsonb`;

export function rolesRepository(db: Executor, cache?: CacheContext): RolesRepository {
  const inSpace = (spaceId: string) => db.selectFrom('roles').where('space_id', '=', spaceId);

  /** Space memberships and team space memberships (the same columns: typed as the first) whose only role this is. */
  async function membershipsLeftWithoutRole(spaceId: string, roleId: string): Promise<string[]> {
    const onlyRole = sql<boolean>`not exists (select 1 from jsonb_array_elements(sm.roles) as r(link) where r.link -> 'sys' ->> 'id' is distinct from ${roleId})`;
    const [own, teams] = await Promise.all(
      (['space_memberships', 'team_space_memberships'] as const).map((table) =>
        db
          .selectFrom(`${table} as sm` as 'space_memberships as sm')
          .select('sm.id')
          .where('sm.space_id', '=', spaceId)
          .where('sm.admin', '=', false)
          .where(linksRole(roleId))
          .where(onlyRole)
          .orderBy('sm.id')
          .execute(),
      ),
    );
    return [...own!, ...teams!].map((r) => r.id);
  }

  /** Removes the role's link from every membership of the space that has it (version + 1); whether any had it. */
  async function unlinkRole(
    table: 'space_memberships' | 'team_space_memberships',
    spaceId: string,
    id: string,
    userId: string,
  ): Promise<boolean> {
    const updated = await db
      .updateTable(`${table} as sm` as 'space_memberships as sm')
      .set({
        roles: sql`(select coalesce(jsonb_agg(e.link order by e.position), '[]'::jsonb)
        from jsonb_array_elements(sm.roles) with ordinality as e(link, position) where e.link -> 'sys' ->> 'id' is distinct from ${id})`,
        version: sql`sm.version + 1`,
        updated_by: userId,
        updated_at: sql`now()`,
      })
      .where('sm.space_id', '=', spaceId)
      .where(linksRole(id))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  return {
    async page(spaceId, page) {
      const base = filtered(inSpace(spaceId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRole), total: count.n };
    },
    async find(spaceId, id) {
      const row = await inSpace(spaceId).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRole(row);
    },
    async pageInOrganization(organizationId, page) {
      const base = db
        .selectFrom('roles')
        .innerJoin('spaces', 'spaces.id', 'roles.space_id')
        .where('spaces.organization_id', '=', organizationId);
      const [rows, count] = await Promise.all([
        base
          .selectAll('roles')
          .orderBy('roles.created_at')
          .orderBy('roles.space_id')
          .orderBy('roles.id')
          .offset(page.skip)
          .limit(page.limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRole), total: count.n };
    },
    async insert(role) {
      try {
        const row = await db
          .insertInto('roles')
          .values({
            space_id: role.spaceId,
            id: role.id,
            name: role.name,
            description: role.description,
            permissions: JSON.stringify(role.permissions),
            policies: JSON.stringify(role.policies),
            created_by: role.createdBy,
            updated_by: role.createdBy,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toRole(row);
      } catch (error) {
        if (isUniqueViolation(error) && /name/.test((error as { constraint?: string }).constraint ?? 'name'))
          return 'nameTaken';
        throw error;
      }
    },
    async update(spaceId, id, changes, expectedVersion, userId) {
      try {
        const row = await db
          .updateTable('roles')
          .set({
            name: changes.name,
            description: changes.description,
            permissions: JSON.stringify(changes.permissions),
            policies: JSON.stringify(changes.policies),
            version: sql`version + 1`,
            updated_by: userId,
            updated_at: sql`now()`,
          })
          .where('space_id', '=', spaceId)
          .where('id', '=', id)
          .where('version', '=', expectedVersion)
          .returningAll()
          .executeTakeFirst();
        return row && toRole(row);
      } catch (error) {
        if (isUniqueViolation(error)) return 'nameTaken';
        throw error;
      }
    },
    membershipsLeftWithoutRole,
    async delete(spaceId, id, expectedVersion, userId) {
      // Locks the role so that a membership being given this role waits (it locks the role FOR SHARE) or is seen.
      const current = await inSpace(spaceId).select('version').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) return 'missing';
      if (expectedVersion !== undefined && current.version !== expectedVersion) return 'version';
      if ((await membershipsLeftWithoutRole(spaceId, id)).length) return 'inUse';
      const ownUnlinked = await unlinkRole('space_memberships', spaceId, id, userId);
      const teamsUnlinked = await unlinkRole('team_space_memberships', spaceId, id, userId);
      await db.deleteFrom('roles').where('space_id', '=', spaceId).where('id', '=', id).execute();
      if (ownUnlinked || teamsUnlinked) await cache?.invalidate([spaceTag(spaceId)]);
      return undefined;
    },
  };
}
