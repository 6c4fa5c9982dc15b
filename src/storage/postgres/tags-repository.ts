import { sql } from 'kysely';
import type { TagOrderKey, TagRecord, TagsRepository } from '../port/tags.ts';
import { filtered, millis, paged, type CollectionColumns } from './collection-page.ts';
import { isUniqueViolation, type Executor } from './executor.ts';
import { tagged } from './search/sql-values.ts';

export const toTag = (r: any): TagRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  id: r.id,
  name: r.name,
  visibility: r.visibility,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const COLUMNS: CollectionColumns<TagOrderKey> = {
  name: 'name',
  id: 'id',
  visibility: 'visibility',
  createdAt: millis('created_at'),
  updatedAt: millis('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};

export function tagsRepository(db: Executor): TagsRepository {
  const inEnvironment = (spaceId: string, environmentId: string) =>
    db.selectFrom('tags').where('space_id', '=', spaceId).where('environment_id', '=', environmentId);

  /** Rows of `table` in the tag's environment that carry it, as a draft or as published. */
  const carriers = (table: 'entries' | 'assets') => sql`exists (
    select 1 from ${sql.table(table)} as c where c.space_id = tags.space_id and c.environment_id = tags.environment_id
      and ((c.tags @> array[tags.id] and ${tagged(sql.ref('c.tags'))}) or (c.published_tags @> array[tags.id] and ${tagged(sql.ref('c.published_tags'))})))`;

  return {
    async page(spaceId, environmentId, page) {
      const base = filtered(inEnvironment(spaceId, environmentId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toTag), total: count.n };
    },
    async list(spaceId, environmentId) {
      return (await inEnvironment(spaceId, environmentId).selectAll().orderBy('id').execute()).map(toTag);
    },
    async find(spaceId, environmentId, id) {
      const row = await inEnvironment(spaceId, environmentId).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toTag(row);
    },
    async insert(tag) {
      try {
        const row = await db
          .insertInto('tags')
          .values({
            space_id: tag.spaceId,
            environment_id: tag.environmentId,
            id: tag.id,
            name: tag.name,
            visibility: tag.visibility,
            created_by: tag.createdBy,
            updated_by: tag.createdBy,
          })
          .onConflict((oc) => oc.columns(['space_id', 'environment_id', 'id']).doNothing())
          .returningAll()
          .executeTakeFirst();
        return row ? toTag(row) : 'idTaken';
      } catch (error) {
        if (isUniqueViolation(error)) return 'nameTaken';
        throw error;
      }
    },
    async rename(spaceId, environmentId, id, name, expectedVersion, userId) {
      try {
        const row = await db
          .updateTable('tags')
          .set({ name, version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
          .where('space_id', '=', spaceId)
          .where('environment_id', '=', environmentId)
          .where('id', '=', id)
          .where('version', '=', expectedVersion)
          .returningAll()
          .executeTakeFirst();
        return row && toTag(row);
      } catch (error) {
        if (isUniqueViolation(error)) return 'nameTaken';
        throw error;
      }
    },
    async delete(spaceId, environmentId, id, expectedVersion) {
      // Waits for writes that locked the tag (FOR SHARE) while checking it, so the delete below sees what they wrote.
      await inEnvironment(spaceId, environmentId).select('id').where('id', '=', id).forUpdate().execute();
      const deleted = await db
        .deleteFrom('tags')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .where(sql<boolean>`not ${carriers('entries')}`)
        .where(sql<boolean>`not ${carriers('assets')}`)
        .returning('id')
        .executeTakeFirst();
      if (deleted) return undefined;
      const current = await inEnvironment(spaceId, environmentId)
        .select('version')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) return 'missing';
      return current.version === expectedVersion ? 'referenced' : 'version';
    },
  };
}
