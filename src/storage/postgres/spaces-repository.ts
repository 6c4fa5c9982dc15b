import { sql } from 'kysely';
import type { SpaceAccess, SpacesRepository } from '../port/spaces.ts';
import type { SpaceRecord } from '../port/records.ts';
import type { CacheContext } from './cache-context.ts';
import { orderBy, type Executor } from './executor.ts';
import { cached } from './read-cache.ts';
import { teamGrants } from './team-access.ts';

const columns = {
  createdAt: 'spaces.created_at',
  updatedAt: 'spaces.updated_at',
  name: 'spaces.name',
  id: 'spaces.id',
};

export const toSpace = (r: any): SpaceRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  name: r.name,
  version: r.version,
  aliasesEnabled: r.aliases_enabled,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Spaces a user can see: through an owner/admin role in the organization, a space membership, or a team space
 * membership of a team they are an active member of (`team.admin`: null without one, else whether any is admin).
 */
function accessible(db: Executor, userId: string) {
  return db
    .selectFrom('spaces')
    .leftJoin('organization_memberships as om', (j) =>
      j
        .onRef('om.organization_id', '=', 'spaces.organization_id')
        .on('om.user_id', '=', userId)
        .on('om.status', '=', 'active')
        .on('om.role', 'in', ['owner', 'admin']),
    )
    .leftJoin('space_memberships as sm', (j) => j.onRef('sm.space_id', '=', 'spaces.id').on('sm.user_id', '=', userId))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(sql`(${teamGrants(sql.ref('spaces.id'))})`.as('g'))
          .select(sql<boolean | null>`bool_or(g.admin)`.as('admin'))
          .where(sql.ref('g.user_id'), '=', userId)
          .as('team'),
      (j) => j.onTrue(),
    )
    .where((eb) => eb.or([eb('om.id', 'is not', null), eb('sm.id', 'is not', null), eb('team.admin', 'is not', null)]));
}

/** Cache tag of everything derived from one space row or its memberships. */
export const spaceTag = (spaceId: string) => `space:${spaceId}`;
/** Cache tag of everything derived from an organization's memberships. */
export const organizationTag = (organizationId: string) => `org:${organizationId}`;

export function spacesRepository(db: Executor, cache?: CacheContext): SpacesRepository {
  return {
    async insert(s) {
      return toSpace(
        await db
          .insertInto('spaces')
          .values({
            id: s.id,
            organization_id: s.organizationId,
            name: s.name,
            created_by: s.createdBy,
            updated_by: s.createdBy,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    find(id) {
      return cached(
        cache?.cache,
        `space:${id}`,
        async () => {
          const row = await db.selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirst();
          return row && toSpace(row);
        },
        () => [spaceTag(id)],
      );
    },
    findAccessible(userId, spaceId) {
      return cached(
        cache?.cache,
        `space-access:${userId}:${spaceId}`,
        async () => {
          const row = await accessible(db, userId)
            .where('spaces.id', '=', spaceId)
            .selectAll('spaces')
            .select(['om.role as organization_role', 'sm.admin as membership_admin', 'team.admin as team_admin'])
            .select(sql<boolean>`sm.id is not null`.as('is_member'))
            .executeTakeFirst();
          if (!row) return undefined;
          const organizationRole = (row.organization_role ?? null) as SpaceAccess['organizationRole'];
          // Own and team-derived access are one membership: admin if either is.
          const isMember = row.is_member || row.team_admin !== null;
          const membership = isMember ? { admin: Boolean(row.membership_admin) || Boolean(row.team_admin) } : null;
          return {
            space: toSpace(row),
            admin: organizationRole !== null || Boolean(membership?.admin),
            organizationRole,
            membership,
          };
        },
        (a) => [spaceTag(spaceId), organizationTag(a.space.organizationId), `user:${userId}`],
      );
    },
    async listAccessible(userId, page) {
      const base = accessible(db, userId);
      const [rows, count] = await Promise.all([
        orderBy(base.selectAll('spaces'), page.order, columns, 'spaces.id')
          .offset(page.skip)
          .limit(page.limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSpace), total: count.n };
    },
    async rename(id, name, expectedVersion, userId) {
      const row = await db
        .updateTable('spaces')
        .set({ name, version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      if (row) await cache?.invalidate([spaceTag(id)]);
      return row && toSpace(row);
    },
    async setAliasesEnabled(id, userId) {
      await db
        .updateTable('spaces')
        .set({ aliases_enabled: true, updated_by: userId, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await cache?.invalidate([spaceTag(id)]);
    },
    async insertMembership(m) {
      await db
        .insertInto('space_memberships')
        .values({
          id: m.id,
          space_id: m.spaceId,
          user_id: m.userId,
          admin: m.admin,
          roles: '[]',
          created_by: m.createdBy,
          updated_by: m.createdBy,
        })
        .execute();
      await cache?.invalidate([spaceTag(m.spaceId)]);
    },
    async delete(id) {
      const result = await db.deleteFrom('spaces').where('id', '=', id).executeTakeFirst();
      await cache?.invalidate([spaceTag(id)]);
      return Number(result.numDeletedRows) > 0;
    },
  };
}
