import { sql } from 'kysely';
/**
 * Copies the search values of one environment's entries into another (environment clone), set-based: the target
 * gets its own slots (same content type, field and locale), and every value row of a source slot is copied to the
 * matching target slot. Run after the entries are copied, in the same transaction.
 */
export async function copyEntryValues(db, spaceId, fromId, toId) {
    await sql `
    insert into entry_value_slots (space_id, environment_id, content_type_id, field_id, locale)
    select space_id, ${toId}::text, content_type_id, field_id, locale from entry_value_slots
    where space_id = ${spaceId}::text and environment_id = ${fromId}::text
    order by content_type_id, field_id, locale
    on conflict do nothing`.execute(db);
    // Inserted in the order of the unique index, sorted in memory (the rest of the clone's transaction may use it too).
    await sql `set local work_mem = '64MB'`.execute(db);
    await sql `
    insert into entry_values (slot, entry_id, states, num, text)
    select target.id, v.entry_id, v.states, v.num, v.text
    from entry_value_slots as source
    join entry_value_slots as target on target.space_id = source.space_id and target.environment_id = ${toId}::text
      and target.content_type_id = source.content_type_id and target.field_id = source.field_id and target.locale = source.locale
    join entry_values as v on v.slot = source.id
    where source.space_id = ${spaceId}::text and source.environment_id = ${fromId}::text
    order by target.id, v.entry_id`.execute(db);
}
