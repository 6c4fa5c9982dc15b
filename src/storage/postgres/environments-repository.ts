import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';
import type {
  EnvironmentOrderKey,
  EnvironmentRecord,
  EnvironmentsRepository,
  NewEnvironment,
} from '../port/environments.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import { environmentAliasesRepository } from './environment-aliases-repository.ts';
import { copyEnvironmentRows } from './environment-copy.ts';
import type { Executor } from './executor.ts';

export { toAlias } from './environment-aliases-repository.ts';

export const toEnvironment = (r: any): EnvironmentRecord => ({
  spaceId: r.space_id,
  id: r.id,
  name: r.name,
  status: r.status,
  sourceEnvironmentId: r.source_environment_id,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Environments present their timestamps in whole seconds. */
const COLUMNS: CollectionColumns<EnvironmentOrderKey> = {
  createdAt: seconds('created_at'),
  updatedAt: seconds('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
  name: 'name',
  id: 'id',
  status: 'status',
};

/** `pool`, on a PostgreSQL server: the database itself, for the work a copy runs on a second connection. */
export function environmentsRepository(db: Executor, pool?: Kysely<DatabaseSchema>): EnvironmentsRepository {
  const inSpace = (spaceId: string) => db.selectFrom('environments').where('space_id', '=', spaceId);
  const values = (e: NewEnvironment) => ({
    space_id: e.spaceId,
    id: e.id,
    name: e.name,
    status: e.status,
    source_environment_id: e.sourceEnvironmentId,
    created_by: e.createdBy,
    updated_by: e.createdBy,
  });

  return {
    ...environmentAliasesRepository(db),

    async insert(e) {
      return toEnvironment(
        await db.insertInto('environments').values(values(e)).returningAll().executeTakeFirstOrThrow(),
      );
    },
    async create(e) {
      const row = await db
        .insertInto('environments')
        .values(values(e))
        .onConflict((c) => c.columns(['space_id', 'id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toEnvironment(row);
    },
    async find(spaceId, id) {
      const row = await inSpace(spaceId).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toEnvironment(row);
    },
    async findForShare(spaceId, id) {
      const row = await inSpace(spaceId).selectAll().where('id', '=', id).forShare().executeTakeFirst();
      return row && toEnvironment(row);
    },
    async list(spaceId, page) {
      const base = filtered(inSpace(spaceId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEnvironment), total: count.n };
    },
    async rename(spaceId, id, name, expectedVersion, userId) {
      const row = await db
        .updateTable('environments')
        .set({ name, version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      return row && toEnvironment(row);
    },
    async changeId(spaceId, id, newId, userId) {
      const row = await db
        .updateTable('environments')
        .set({ id: newId, name: newId, version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      // Copies still waiting for this source find it under its new id.
      await db
        .updateTable('environments')
        .set({ source_environment_id: newId })
        .where('space_id', '=', spaceId)
        .where('source_environment_id', '=', id)
        .execute();
      return toEnvironment(row);
    },
    async transition(spaceId, id, from, to, failureReason) {
      const row = await db
        .updateTable('environments')
        .set({ status: to, failure_reason: failureReason ?? null, updated_at: sql`now()` })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
      return row && toEnvironment(row);
    },
    async delete(spaceId, id) {
      await db
        .deleteFrom('api_key_environments')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', id)
        .execute();
      const result = await db
        .deleteFrom('environments')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    copyContent: (spaceId, fromId, toId) => copyEnvironmentRows(db, spaceId, fromId, toId, pool),
    async lockSpace(spaceId) {
      await db.selectFrom('spaces').select('id').where('id', '=', spaceId).forUpdate().execute();
    },
  };
}
