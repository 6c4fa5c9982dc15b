import { sql } from 'kysely';
import { orderBy } from "./executor.js";
const toExtension = (r) => ({
    spaceId: r.space_id, environmentId: r.environment_id, id: r.id, extension: r.extension, parameters: r.parameters ?? {},
    version: r.version, createdBy: r.created_by, updatedBy: r.updated_by, createdAt: r.created_at, updatedAt: r.updated_at,
});
const ORDER_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at', id: 'id' };
export function extensionsRepository(db) {
    const inEnvironment = (spaceId, environmentId) => db.selectFrom('extensions').where('space_id', '=', spaceId).where('environment_id', '=', environmentId);
    return {
        async find(spaceId, environmentId, id) {
            const row = await inEnvironment(spaceId, environmentId).selectAll().where('id', '=', id).executeTakeFirst();
            return row && toExtension(row);
        },
        async page(spaceId, environmentId, page) {
            const [rows, count] = await Promise.all([
                orderBy(inEnvironment(spaceId, environmentId).selectAll(), page.order, ORDER_COLUMNS, 'id').offset(page.skip).limit(page.limit).execute(),
                inEnvironment(spaceId, environmentId).select(sql `count(*)::int`.as('n')).executeTakeFirstOrThrow(),
            ]);
            return { items: rows.map(toExtension), total: count.n };
        },
        async insert(e) {
            const row = await db.insertInto('extensions').values({
                space_id: e.spaceId, environment_id: e.environmentId, id: e.id, extension: JSON.stringify(e.extension),
                parameters: JSON.stringify(e.parameters), created_by: e.createdBy, updated_by: e.createdBy,
            }).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
            return row && toExtension(row);
        },
        async update(spaceId, environmentId, id, c, expectedVersion, userId) {
            const row = await db.updateTable('extensions').set({
                extension: JSON.stringify(c.extension), parameters: JSON.stringify(c.parameters),
                version: sql `version + 1`, updated_by: userId, updated_at: sql `now()`,
            }).where('space_id', '=', spaceId).where('environment_id', '=', environmentId).where('id', '=', id)
                .where('version', '=', expectedVersion).returningAll().executeTakeFirst();
            return row && toExtension(row);
        },
        async delete(spaceId, environmentId, id) {
            const row = await db.deleteFrom('extensions').where('space_id', '=', spaceId).where('environment_id', '=', environmentId)
                .where('id', '=', id).returning('id').executeTakeFirst();
            return row !== undefined;
        },
    };
}
