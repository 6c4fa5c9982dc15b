import { sql } from 'kysely';
import type { EnvironmentAliasOrderKey, EnvironmentAliasRecord, EnvironmentsRepository } from '../port/environments.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';

export const toAlias = (r: any): EnvironmentAliasRecord => ({
  spaceId: r.space_id,
  id: r.id,
  environmentId: r.environment_id,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Aliases present their timestamps in whole seconds. */
const COLUMNS: CollectionColumns<EnvironmentAliasOrderKey> = {
  createdAt: seconds('created_at'),
  updatedAt: seconds('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
  id: 'id',
  environmentId: 'environment_id',
};

type AliasMethods = Pick<
  EnvironmentsRepository,
  'findAlias' | 'listAliases' | 'aliasesTargeting' | 'countAliases' | 'insertAlias' | 'retargetAlias' | 'deleteAlias'
>;

/** The environment-alias half of the environments repository. */
export function environmentAliasesRepository(db: Executor): AliasMethods {
  const inSpace = (spaceId: string) => db.selectFrom('environment_aliases').where('space_id', '=', spaceId);
  return {
    async findAlias(spaceId, aliasId) {
      const row = await inSpace(spaceId).selectAll().where('id', '=', aliasId).executeTakeFirst();
      return row && toAlias(row);
    },
    async listAliases(spaceId, page) {
      const base = filtered(inSpace(spaceId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toAlias), total: count.n };
    },
    async aliasesTargeting(spaceId, environmentIds) {
      if (environmentIds.length === 0) return [];
      const rows = await inSpace(spaceId)
        .selectAll()
        .where('environment_id', 'in', environmentIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toAlias);
    },
    async countAliases(spaceId) {
      return (
        await inSpace(spaceId)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    },
    async insertAlias(a) {
      return toAlias(
        await db
          .insertInto('environment_aliases')
          .values({
            space_id: a.spaceId,
            id: a.id,
            environment_id: a.environmentId,
            created_by: a.createdBy,
            updated_by: a.createdBy,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    async retargetAlias(spaceId, id, environmentId, expectedVersion, userId) {
      const row = await db
        .updateTable('environment_aliases')
        .set({ environment_id: environmentId, version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      return row && toAlias(row);
    },
    async deleteAlias(spaceId, id) {
      await db
        .deleteFrom('api_key_environments')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', id)
        .execute();
      const result = await db
        .deleteFrom('environment_aliases')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
