import { sql } from 'kysely';
import type { AssetFileRecord, UploadRecord, UploadsRepository } from '../port/uploads.ts';
import type { Executor } from './executor.ts';

const toUpload = (r: any): UploadRecord => ({
  spaceId: r.space_id,
  id: r.id,
  sha256: r.sha256,
  size: Number(r.size),
  createdBy: r.created_by,
  createdAt: r.created_at,
  processedAt: r.processed_at,
});

const toAssetFile = (r: any): AssetFileRecord => ({
  spaceId: r.space_id,
  assetId: r.asset_id,
  fileKey: r.file_key,
  sha256: r.sha256,
  contentType: r.content_type,
  size: Number(r.size),
  width: r.width,
  height: r.height,
});

/** An asset names an upload when some locale of its draft or published `file` links it through `uploadFrom`. */
const NAMES_UPLOAD = '$.file.*.uploadFrom.sys.id ? (@ == $id)';

export function uploadsRepository(db: Executor): UploadsRepository {
  return {
    async insert(u) {
      return toUpload(
        await db
          .insertInto('uploads')
          .values({ space_id: u.spaceId, id: u.id, sha256: u.sha256, size: u.size, created_by: u.createdBy })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    async find(spaceId, id) {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toUpload(row);
    },
    async delete(spaceId, id) {
      const row = await db
        .deleteFrom('uploads')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toUpload(row);
    },
    async markProcessed(spaceId, id) {
      await db
        .updateTable('uploads')
        .set({ processed_at: sql`now()` })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('processed_at', 'is', null)
        .execute();
    },
    async deleteExpired(before, limit) {
      const result = await sql`
        delete from uploads where (space_id, id) in (
          select u.space_id, u.id from uploads u
          where u.processed_at is null and u.created_at < ${before.toISOString()}::timestamptz
            and not exists (
              select 1 from assets a
              where a.space_id = u.space_id
                and (jsonb_path_exists(a.fields, ${NAMES_UPLOAD}::jsonpath, jsonb_build_object('id', u.id))
                  or jsonb_path_exists(coalesce(a.published_fields, '{}'::jsonb), ${NAMES_UPLOAD}::jsonpath, jsonb_build_object('id', u.id))))
          order by u.created_at
          limit ${limit}
          for update of u skip locked)
        returning *`.execute(db);
      return result.rows.map(toUpload);
    },
    async existingIds(ids) {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async saveAssetFile(f) {
      await db
        .insertInto('asset_files')
        .values({
          space_id: f.spaceId,
          asset_id: f.assetId,
          file_key: f.fileKey,
          sha256: f.sha256,
          content_type: f.contentType,
          size: f.size,
          width: f.width,
          height: f.height,
        })
        .onConflict((oc) =>
          oc.columns(['space_id', 'asset_id', 'file_key']).doUpdateSet({ sha256: (eb) => eb.ref('excluded.sha256') }),
        )
        .execute();
    },
    async findAssetFile(spaceId, assetId, fileKey) {
      const row = await db
        .selectFrom('asset_files')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('asset_id', '=', assetId)
        .where('file_key', '=', fileKey)
        .executeTakeFirst();
      return row && toAssetFile(row);
    },
    async publishedFiles(spaceId, assetId) {
      const rows = await db
        .selectFrom('assets')
        .select(sql<Record<string, unknown> | null>`published_fields->'file'`.as('file'))
        .where('space_id', '=', spaceId)
        .where('id', '=', assetId)
        .where('published_version', 'is not', null)
        .where('archived_version', 'is', null)
        .execute();
      return rows.flatMap((r) =>
        Object.values(r.file ?? {}).filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null),
      );
    },
    async deleteUnreferencedAssetFiles(spaceId, assetId, limit) {
      // A copy in flight holds its target environment row; waiting for it here means its rows are committed and seen below.
      await db.selectFrom('environments').select('id').where('space_id', '=', spaceId).forShare().execute();
      const result = await sql<{ sha256: string }>`
        delete from asset_files where (space_id, asset_id, file_key) in (
          select f.space_id, f.asset_id, f.file_key from asset_files f
          where f.space_id = ${spaceId} and (${assetId ?? null}::text is null or f.asset_id = ${assetId ?? null})
            and not exists (
              select 1 from assets a
              where a.space_id = f.space_id and a.id = f.asset_id
                and (strpos(coalesce(a.fields -> 'file', 'null')::text, '/' || f.file_key || '/') > 0
                  or strpos(coalesce(a.published_fields -> 'file', 'null')::text, '/' || f.file_key || '/') > 0))
          limit ${limit}
          for update of f skip locked)
        returning sha256`.execute(db);
      return result.rows.map((r) => r.sha256);
    },
    async lockBlob(sha256) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`blob:${sha256}`}, 0))`.execute(db);
      const row = await db
        .selectFrom('asset_files')
        .select('sha256')
        .where('sha256', '=', sha256)
        .limit(1)
        .executeTakeFirst();
      return { inUse: row !== undefined };
    },
  };
}
