import { sql } from 'kysely';
import type { Executor } from '../executor.ts';

/** The values of an environment's slots still to copy; `drain` copies slots on its connection until none is left. */
export interface SlotCopies {
  drain(db: Executor): Promise<void>;
}

/**
 * Prepares the copy of the search values of one environment's entries into another (environment clone), set-based:
 * the target gets its own slots (same content type, field and locale), and every value row of a source slot is
 * copied to the matching target slot, replacing what an earlier attempt left there. Each slot is copied by one
 * `drain`, so several connections can share the work (each reading the same snapshot as the entries' copy).
 *
 * One statement per slot, its rows in the order of the unique index (slot, entry_id, states), which every row enters
 * (the target slot is new, so they go in at one edge of its range; measured faster than the order of the num or text
 * index, which each hold only some of the rows): a sort of one slot's rows rather than of the whole environment's.
 */
export async function entryValueSlotCopies(
  db: Executor,
  spaceId: string,
  fromId: string,
  toId: string,
): Promise<SlotCopies> {
  // A slot of the target's id can remain from an environment renamed away; it is reused (and holds no values).
  const { rows: slots } = await sql<{ source: number; target: number }>`
    with added as (
      insert into entry_value_slots (space_id, environment_id, content_type_id, field_id, locale)
      select space_id, ${toId}::text, content_type_id, field_id, locale from entry_value_slots
      where space_id = ${spaceId}::text and environment_id = ${fromId}::text
      order by content_type_id, field_id, locale
      on conflict do nothing
      returning id, content_type_id, field_id, locale
    )
    select source.id as source, coalesce(added.id, kept.id) as target
    from entry_value_slots as source
    left join added on added.content_type_id = source.content_type_id and added.field_id = source.field_id and added.locale = source.locale
    left join entry_value_slots as kept on kept.space_id = source.space_id and kept.environment_id = ${toId}::text
      and kept.content_type_id = source.content_type_id and kept.field_id = source.field_id and kept.locale = source.locale
    where source.space_id = ${spaceId}::text and source.environment_id = ${fromId}::text
    order by 2`.execute(db);
  let next = 0;
  return {
    async drain(tx) {
      // Each slot's rows are sorted before they go in: in memory, not in temporary files (4MB, the default, spills).
      await sql`set local work_mem = '64MB'`.execute(tx);
      while (next < slots.length) {
        const { source, target } = slots[next++]!;
        // Values left in the slot by an earlier attempt whose other half did not commit (see inSnapshotOf) go first.
        // Only the connection that copies a slot touches its rows, so two connections never wait for each other here.
        await sql`delete from entry_values where slot = ${target}::int`.execute(tx);
        await sql`
          insert into entry_values (slot, entry_id, states, num, text)
          select ${target}::int, entry_id, states, num, text from entry_values where slot = ${source}::int
          order by entry_id, states`.execute(tx);
      }
    },
  };
}

/** Copies the search values of one environment's entries into another, on one connection (see entryValueSlotCopies). */
export async function copyEntryValues(db: Executor, spaceId: string, fromId: string, toId: string): Promise<void> {
  await (await entryValueSlotCopies(db, spaceId, fromId, toId)).drain(db);
}
