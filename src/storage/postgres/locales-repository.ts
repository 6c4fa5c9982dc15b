import { sql } from 'kysely';
import type { LocaleKey, LocaleRecord, LocalesRepository } from '../port/locales.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';
import { lockEnvironment } from './environment-lock.ts';
import { deleteLocaleContent } from './content-locale-deleter.ts';

export const toLocale = (r: any): LocaleRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  id: r.id,
  code: r.code,
  name: r.name,
  fallbackCode: r.fallback_code,
  default: r.is_default,
  contentManagementApi: r.content_management_api,
  contentDeliveryApi: r.content_delivery_api,
  optional: r.optional,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Removes the content stored in one locale of one environment. Deleting a locale runs every deleter in the
 * transaction that deletes the locale row, so content and locale go together or not at all.
 * Content tables register theirs here when they arrive (entries and assets drop the locale's key from each field).
 */
export type LocaleContentDeleter = (db: Executor, locale: LocaleRecord) => Promise<void>;
export const localeContentDeleters: LocaleContentDeleter[] = [deleteLocaleContent];

/** Locales present their timestamps in whole seconds. */
const COLUMNS: CollectionColumns<LocaleKey> = {
  id: 'id',
  code: 'code',
  name: 'name',
  fallbackCode: 'fallback_code',
  default: 'is_default',
  optional: 'optional',
  contentManagementApi: 'content_management_api',
  contentDeliveryApi: 'content_delivery_api',
  createdAt: seconds('created_at'),
  updatedAt: seconds('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};

export function localesRepository(db: Executor): LocalesRepository {
  const inEnvironment = (spaceId: string, environmentId: string) =>
    db.selectFrom('locales').where('space_id', '=', spaceId).where('environment_id', '=', environmentId);

  return {
    async insert(l) {
      return toLocale(
        await db
          .insertInto('locales')
          .values({
            space_id: l.spaceId,
            environment_id: l.environmentId,
            id: l.id,
            code: l.code,
            name: l.name,
            fallback_code: l.fallbackCode,
            is_default: l.default,
            content_management_api: l.contentManagementApi,
            content_delivery_api: l.contentDeliveryApi,
            optional: l.optional,
            created_by: l.createdBy,
            updated_by: l.createdBy,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    async list(spaceId, environmentId) {
      const rows = await inEnvironment(spaceId, environmentId)
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toLocale);
    },
    lockEnvironment: (spaceId, environmentId) => lockEnvironment(db, spaceId, environmentId),
    async page(spaceId, environmentId, page) {
      const base = filtered(inEnvironment(spaceId, environmentId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id', ['createdAt']).execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toLocale), total: count.n };
    },
    async find(spaceId, environmentId, id) {
      const row = await inEnvironment(spaceId, environmentId).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toLocale(row);
    },
    async update(spaceId, environmentId, id, c, expectedVersion, userId) {
      const row = await db
        .updateTable('locales')
        .set({
          code: c.code,
          name: c.name,
          fallback_code: c.fallbackCode,
          content_management_api: c.contentManagementApi,
          content_delivery_api: c.contentDeliveryApi,
          optional: c.optional,
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
      return row && toLocale(row);
    },
    async delete(spaceId, environmentId, id) {
      const row = await db
        .deleteFrom('locales')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return false;
      for (const deleteContent of localeContentDeleters) await deleteContent(db, toLocale(row));
      return true;
    },
  };
}
