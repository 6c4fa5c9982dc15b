import { sql } from 'kysely';
import type { ExtensionOrderKey, ExtensionRecord, ExtensionsRepository } from '../port/extensions.ts';
import { filtered, millis, paged, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';

const toExtension = (r: any): ExtensionRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  id: r.id,
  extension: r.extension,
  parameters: r.parameters ?? {},
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const COLUMNS: CollectionColumns<ExtensionOrderKey> = {
  createdAt: millis('created_at'),
  updatedAt: millis('updated_at'),
  id: 'id',
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};

export function extensionsRepository(db: Executor): ExtensionsRepository {
  const inEnvironment = (spaceId: string, environmentId: string) =>
    db.selectFrom('extensions').where('space_id', '=', spaceId).where('environment_id', '=', environmentId);

  return {
    async find(spaceId, environmentId, id) {
      const row = await inEnvironment(spaceId, environmentId).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toExtension(row);
    },
    async page(spaceId, environmentId, page) {
      const base = filtered(inEnvironment(spaceId, environmentId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toExtension), total: count.n };
    },
    async insert(e) {
      const row = await db
        .insertInto('extensions')
        .values({
          space_id: e.spaceId,
          environment_id: e.environmentId,
          id: e.id,
          extension: JSON.stringify(e.extension),
          parameters: JSON.stringify(e.parameters),
          created_by: e.createdBy,
          updated_by: e.createdBy,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toExtension(row);
    },
    async update(spaceId, environmentId, id, c, expectedVersion, userId) {
      const row = await db
        .updateTable('extensions')
        .set({
          extension: JSON.stringify(c.extension),
          parameters: JSON.stringify(c.parameters),
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      return row && toExtension(row);
    },
    async delete(spaceId, environmentId, id) {
      const row = await db
        .deleteFrom('extensions')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
