import { sql } from 'kysely';
const toEditorInterface = (r) => ({
    spaceId: r.space_id, environmentId: r.environment_id, contentTypeId: r.content_type_id, controls: r.controls ?? [],
    sidebar: r.sidebar, editors: r.editors, editorLayout: r.editor_layout, groupControls: r.group_controls, version: r.version,
    createdBy: r.created_by, updatedBy: r.updated_by, createdAt: r.created_at, updatedAt: r.updated_at,
});
const jsonOrNull = (value) => (value === null ? null : JSON.stringify(value));
export function editorInterfacesRepository(db) {
    const inEnvironment = (spaceId, environmentId) => db.selectFrom('editor_interfaces').where('editor_interfaces.space_id', '=', spaceId).where('editor_interfaces.environment_id', '=', environmentId);
    return {
        async find(spaceId, environmentId, contentTypeId) {
            const row = await inEnvironment(spaceId, environmentId).selectAll().where('content_type_id', '=', contentTypeId).executeTakeFirst();
            return row && toEditorInterface(row);
        },
        async page(spaceId, environmentId, page) {
            const [rows, count] = await Promise.all([
                inEnvironment(spaceId, environmentId)
                    .innerJoin('content_types as ct', (join) => join.onRef('ct.space_id', '=', 'editor_interfaces.space_id')
                    .onRef('ct.environment_id', '=', 'editor_interfaces.environment_id').onRef('ct.id', '=', 'editor_interfaces.content_type_id'))
                    .selectAll('editor_interfaces').orderBy('ct.created_at').orderBy('ct.id').offset(page.skip).limit(page.limit).execute(),
                inEnvironment(spaceId, environmentId).select(sql `count(*)::int`.as('n')).executeTakeFirstOrThrow(),
            ]);
            return { items: rows.map(toEditorInterface), total: count.n };
        },
        async insert(spaceId, environmentId, contentTypeId, controls, userId) {
            return toEditorInterface(await db.insertInto('editor_interfaces').values({
                space_id: spaceId, environment_id: environmentId, content_type_id: contentTypeId, controls: JSON.stringify(controls),
                created_by: userId, updated_by: userId,
            }).returningAll().executeTakeFirstOrThrow());
        },
        async update(spaceId, environmentId, contentTypeId, c, expectedVersion, userId) {
            const row = await db.updateTable('editor_interfaces').set({
                controls: JSON.stringify(c.controls), sidebar: jsonOrNull(c.sidebar), editors: jsonOrNull(c.editors),
                editor_layout: jsonOrNull(c.editorLayout), group_controls: jsonOrNull(c.groupControls),
                version: sql `version + 1`, updated_by: userId, updated_at: sql `now()`,
            }).where('space_id', '=', spaceId).where('environment_id', '=', environmentId).where('content_type_id', '=', contentTypeId)
                .where('version', '=', expectedVersion).returningAll().executeTakeFirst();
            return row && toEditorInterface(row);
        },
    };
}
