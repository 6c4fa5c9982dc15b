import { sql } from 'kysely';
import type { AssetRecord } from '../port/content.ts';
import type { AssetsRepository } from '../port/assets.ts';
import { contentLifecycle, insertContent, toContent } from './content-rows.ts';
import type { Executor } from './executor.ts';

export const toAsset = (r: any): AssetRecord => toContent(r);

export function assetsRepository(db: Executor): AssetsRepository {
  return {
    ...contentLifecycle(db, 'assets', toAsset),
    async insert(a) {
      const row = await insertContent(db, 'assets', {
        space_id: a.spaceId,
        environment_id: a.environmentId,
        id: a.id,
        fields: JSON.stringify(a.fields),
        tags: a.tags,
        created_by: a.createdBy,
        updated_by: a.createdBy,
      });
      return row ? toAsset(row) : undefined;
    },
    async updateFile(spaceId, environmentId, assetId, locale, file, expectedVersion) {
      // One statement: the locale's file is set inside `fields.file` (created when absent), next to the other locales'.
      let query = db
        .updateTable('assets')
        .set({
          fields: sql`jsonb_set(
          case when jsonb_typeof(fields -> 'file') = 'object' then fields else fields || '{"file": {}}'::jsonb end,
          array['file', ${locale}::text], ${JSON.stringify(file)}::jsonb)` as never,
          version: sql<number>`version + 1`,
          updated_at: sql<string>`now()`,
        })
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', '=', assetId);
      if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
      const row = await query.returningAll().executeTakeFirst();
      return row ? toAsset(row) : undefined;
    },
  };
}
