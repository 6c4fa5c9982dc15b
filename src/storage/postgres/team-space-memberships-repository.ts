import { sql } from 'kysely';
import type { CollectionPage } from '../port/records.ts';
import type { RoleLinkDocument } from '../port/space-memberships.ts';
import type {
  TeamSpaceMembershipKey,
  TeamSpaceMembershipRecord,
  TeamSpaceMembershipScope,
  TeamSpaceMembershipsRepository,
} from '../port/team-space-memberships.ts';
import type { CacheContext } from './cache-context.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import { isUniqueViolation, type Executor } from './executor.ts';
import { spaceMembersStore } from './space-members-store.ts';
import { isRoleKey, roleFilter } from './space-memberships-repository.ts';
import { spaceTag } from './spaces-repository.ts';

type ColumnKey = Exclude<TeamSpaceMembershipKey, 'roleId' | 'roleName'>;

const COLUMNS: CollectionColumns<ColumnKey> = {
  id: 'tsm.id',
  spaceId: 'tsm.space_id',
  spaceName: 's.name',
  teamId: 'tsm.team_id',
  createdAt: seconds('tsm.created_at'),
  updatedAt: seconds('tsm.updated_at'),
};

const SELECTED = [
  'tsm.id',
  'tsm.organization_id',
  'tsm.space_id',
  'tsm.team_id',
  'tsm.admin',
  'tsm.roles',
  'tsm.version',
  'tsm.created_by',
  'tsm.updated_by',
  'tsm.created_at',
  'tsm.updated_at',
] as const;

const toRecord = (r: any): TeamSpaceMembershipRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  spaceId: r.space_id,
  teamId: r.team_id,
  admin: r.admin,
  roles: r.roles,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const roleLinks = (roleIds: string[]): string =>
  JSON.stringify(roleIds.map((id): RoleLinkDocument => ({ sys: { type: 'Link', linkType: 'Role', id } })));

export function teamSpaceMembershipsRepository(db: Executor, cache?: CacheContext): TeamSpaceMembershipsRepository {
  const base = () => db.selectFrom('team_space_memberships as tsm').innerJoin('spaces as s', 's.id', 'tsm.space_id');
  const scoped = (scope: TeamSpaceMembershipScope) =>
    'spaceId' in scope
      ? base().where('tsm.space_id', '=', scope.spaceId)
      : base().where('tsm.organization_id', '=', scope.organizationId);
  /** Every member of the team gains or loses access to the space: its cached access answers go stale. */
  const changedAccess = (spaceIds: readonly string[]) =>
    spaceIds.length ? cache?.invalidate(spaceIds.map(spaceTag)) : undefined;

  return {
    async page(scope, request) {
      const where = request.where ?? [];
      let query = scoped(scope);
      for (const c of where.filter((w) => isRoleKey(w.key))) query = query.where(roleFilter(db, 'tsm', c));
      const columnPage = { ...request, where: where.filter((w) => !isRoleKey(w.key)) } as CollectionPage<ColumnKey>;
      const matching = filtered(query, columnPage, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(matching.select(SELECTED), columnPage, COLUMNS, 'tsm.id', ['createdAt']).execute(),
        matching.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRecord), total: count.n };
    },
    async find(scope, id) {
      const row = await scoped(scope).select(SELECTED).where('tsm.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async findOfTeam(spaceId, teamId) {
      const row = await scoped({ spaceId }).select(SELECTED).where('tsm.team_id', '=', teamId).executeTakeFirst();
      return row && toRecord(row);
    },
    async insert(m) {
      try {
        const row = await db
          .insertInto('team_space_memberships')
          .values({
            id: m.id,
            organization_id: m.organizationId,
            space_id: m.spaceId,
            team_id: m.teamId,
            admin: m.admin,
            roles: roleLinks(m.roleIds),
            version: 0,
            created_by: m.createdBy,
            updated_by: m.createdBy,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await changedAccess([m.spaceId]);
        return toRecord(row);
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async update(spaceId, id, changes, expectedVersion, userId) {
      const row = await db
        .updateTable('team_space_memberships')
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
      await changedAccess([spaceId]);
      return toRecord(row);
    },
    async delete(spaceId, id) {
      const row = await db
        .deleteFrom('team_space_memberships')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      await changedAccess([spaceId]);
      return true;
    },
    async deleteOfTeam(teamId) {
      const rows = await db
        .deleteFrom('team_space_memberships')
        .where('team_id', '=', teamId)
        .returning('space_id')
        .execute();
      await changedAccess([...new Set(rows.map((r) => r.space_id))]);
      return rows.length;
    },
    ...spaceMembersStore(db),
  };
}
