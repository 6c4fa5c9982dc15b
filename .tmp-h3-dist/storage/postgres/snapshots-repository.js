import { sql } from 'kysely';
const toSnapshot = (r) => ({
    spaceId: r.space_id, environmentId: r.environment_id, id: r.id, entityType: r.entity_type, entityId: r.entity_id,
    snapshot: r.snapshot, createdBy: r.created_by, createdAt: r.created_at,
});
export function snapshotsRepository(db) {
    const ofEntity = (spaceId, environmentId, entityType, entityId) => db.selectFrom('snapshots').where('space_id', '=', spaceId).where('environment_id', '=', environmentId)
        .where('entity_type', '=', entityType).where('entity_id', '=', entityId);
    return {
        async insert(s) {
            return toSnapshot(await db.insertInto('snapshots').values({
                space_id: s.spaceId, environment_id: s.environmentId, id: s.id, entity_type: s.entityType, entity_id: s.entityId,
                snapshot: JSON.stringify(s.snapshot), created_by: s.createdBy,
            }).returningAll().executeTakeFirstOrThrow());
        },
        async page(spaceId, environmentId, entityType, entityId, page) {
            const [rows, count] = await Promise.all([
                ofEntity(spaceId, environmentId, entityType, entityId).selectAll()
                    .orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.skip).limit(page.limit).execute(),
                ofEntity(spaceId, environmentId, entityType, entityId).select(sql `count(*)::int`.as('n')).executeTakeFirstOrThrow(),
            ]);
            return { items: rows.map(toSnapshot), total: count.n };
        },
        async find(spaceId, environmentId, entityType, entityId, id) {
            const row = await ofEntity(spaceId, environmentId, entityType, entityId).selectAll().where('id', '=', id).executeTakeFirst();
            return row ? toSnapshot(row) : undefined;
        },
        async deleteFor(spaceId, environmentId, entityType, entityId) {
            await db.deleteFrom('snapshots').where('space_id', '=', spaceId).where('environment_id', '=', environmentId)
                .where('entity_type', '=', entityType).where('entity_id', '=', entityId).execute();
        },
    };
}
