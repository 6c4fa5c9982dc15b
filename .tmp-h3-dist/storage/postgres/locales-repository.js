import { sql } from 'kysely';
import { deleteLocaleContent } from "./content-locale-deleter.js";
export const toLocale = (r) => ({
    spaceId: r.space_id, environmentId: r.environment_id, id: r.id, code: r.code, name: r.name, fallbackCode: r.fallback_code,
    default: r.is_default, contentManagementApi: r.content_management_api, contentDeliveryApi: r.content_delivery_api,
    optional: r.optional, version: r.version, createdBy: r.created_by, updatedBy: r.updated_by, createdAt: r.created_at, updatedAt: r.updated_at,
});
export const localeContentDeleters = [deleteLocaleContent];
export function localesRepository(db) {
    const inEnvironment = (spaceId, environmentId) => db.selectFrom('locales').where('space_id', '=', spaceId).where('environment_id', '=', environmentId);
    return {
        async insert(l) {
            return toLocale(await db.insertInto('locales').values({
                space_id: l.spaceId, environment_id: l.environmentId, id: l.id, code: l.code, name: l.name, fallback_code: l.fallbackCode,
                is_default: l.default, content_management_api: l.contentManagementApi, content_delivery_api: l.contentDeliveryApi,
                optional: l.optional, created_by: l.createdBy, updated_by: l.createdBy,
            }).returningAll().executeTakeFirstOrThrow());
        },
        async list(spaceId, environmentId) {
            const rows = await inEnvironment(spaceId, environmentId).selectAll().orderBy('created_at').orderBy('id').execute();
            return rows.map(toLocale);
        },
        async lockEnvironment(spaceId, environmentId) {
            // `no key update` leaves the key-share locks of foreign-key checks (inserts elsewhere) unblocked.
            const row = await db.selectFrom('environments').select('id').where('space_id', '=', spaceId).where('id', '=', environmentId)
                .forNoKeyUpdate().executeTakeFirst();
            return row !== undefined;
        },
        async page(spaceId, environmentId, page) {
            const [rows, count] = await Promise.all([
                inEnvironment(spaceId, environmentId).selectAll().orderBy('created_at').orderBy('id').offset(page.skip).limit(page.limit).execute(),
                inEnvironment(spaceId, environmentId).select(sql `count(*)::int`.as('n')).executeTakeFirstOrThrow(),
            ]);
            return { items: rows.map(toLocale), total: count.n };
        },
        async find(spaceId, environmentId, id) {
            const row = await inEnvironment(spaceId, environmentId).selectAll().where('id', '=', id).executeTakeFirst();
            return row && toLocale(row);
        },
        async update(spaceId, environmentId, id, c, expectedVersion, userId) {
            const row = await db.updateTable('locales').set({
                code: c.code, name: c.name, fallback_code: c.fallbackCode, content_management_api: c.contentManagementApi,
                content_delivery_api: c.contentDeliveryApi, optional: c.optional,
                version: sql `version + 1`, updated_by: userId, updated_at: sql `now()`,
            }).where('space_id', '=', spaceId).where('environment_id', '=', environmentId).where('id', '=', id)
                .where('version', '=', expectedVersion).returningAll().executeTakeFirst();
            return row && toLocale(row);
        },
        async delete(spaceId, environmentId, id) {
            const row = await db.deleteFrom('locales')
                .where('space_id', '=', spaceId).where('environment_id', '=', environmentId).where('id', '=', id)
                .returningAll().executeTakeFirst();
            if (!row)
                return false;
            for (const deleteContent of localeContentDeleters)
                await deleteContent(db, toLocale(row));
            return true;
        },
    };
}
