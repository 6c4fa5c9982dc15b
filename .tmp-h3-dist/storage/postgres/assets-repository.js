import { sql } from 'kysely';
import { contentLifecycle, insertContent, toContent } from "./content-rows.js";
export const toAsset = (r) => toContent(r);
export function assetsRepository(db) {
    return {
        ...contentLifecycle(db, 'assets', toAsset),
        async insert(a) {
            const row = await insertContent(db, 'assets', {
                space_id: a.spaceId, environment_id: a.environmentId, id: a.id,
                fields: JSON.stringify(a.fields), tags: a.tags, created_by: a.createdBy, updated_by: a.createdBy,
            });
            return row ? toAsset(row) : undefined;
        },
        async updateFile(spaceId, environmentId, assetId, locale, file, expectedVersion) {
            // One statement: the locale's file is set inside `fields.file` (created when absent), next to the other locales'.
            let query = db.updateTable('assets').set({
                fields: sql `jsonb_set(
          case when jsonb_typeof(fields -> 'file') = 'object' then fields else fields || '{"file": {}}'::jsonb end,
          array['file', ${locale}::text], ${JSON.stringify(file)}::jsonb)`,
                version: sql `version + 1`, updated_at: sql `now()`,
            }).where('space_id', '=', spaceId).where('environment_id', '=', environmentId).where('id', '=', assetId);
            if (expectedVersion !== undefined)
                query = query.where('version', '=', expectedVersion);
            const row = await query.returningAll().executeTakeFirst();
            return row ? toAsset(row) : undefined;
        },
    };
}
