import { sql } from 'kysely';
import type { EventRow } from './events-repository.ts';
import type { Executor } from './executor.ts';

const EVENT_COLUMNS = sql`e.id::text as id, e.space_id, e.environment_id, e.requested_environment_id, e.entity_type,
  e.entity_id, e.action, e.actor_id, e.occurred_at, e.scheduled_action_id, e.xact_id::text as xact_id`;

/** The snapshot column a claim answers: every event's, or only those of environments where an app is installed. */
const SNAPSHOT = {
  all: sql`e.snapshot`,
  appEnvironments: sql`case when exists (select from app_installations as i
    where i.space_id = e.space_id and i.environment_id = e.environment_id) then e.snapshot end as snapshot`,
};

/**
 * The rows of `EventsRepository.claimForConsumer` (migration 0031): the consumer's row is locked for the caller's transaction, so
 * its claims run one at a time and its progress moves with the work it commits. Events come in the order of the
 * transactions that recorded them, and only those of transactions older than every running one (the snapshot's
 * xmin): a transaction still running, whatever its events' ids, commits them after the progress it may not pass.
 */
export async function claimForConsumer(
  db: Executor,
  consumer: string,
  limit: number,
  entities: keyof typeof SNAPSHOT = 'all',
): Promise<Array<Omit<EventRow, 'snapshot'> & { snapshot: EventRow['snapshot'] | null }>> {
  const { rows: at } = await sql<{ xact_id: string; event_id: string }>`insert into event_consumers as c
      (name, xact_id, event_id) values (${consumer}, '0', 0)
    on conflict (name) do update set name = excluded.name
    returning c.xact_id::text as xact_id, c.event_id::text as event_id`.execute(db);
  const { xact_id: xact, event_id: after } = at[0]!;
  const { rows } = await sql<EventRow & { xact_id: string }>`with batch as (
      select ${EVENT_COLUMNS}, ${SNAPSHOT[entities]} from content_events as e
      where (e.xact_id, e.id) > (${xact}::xid8, ${after}::bigint)
        and e.xact_id < pg_snapshot_xmin(pg_current_snapshot())
      order by e.xact_id, e.id limit ${limit}
    ), last as (
      select xact_id, id from batch order by xact_id::xid8 desc, id::bigint desc limit 1
    ), moved as (
      update event_consumers as c set xact_id = last.xact_id::xid8, event_id = last.id::bigint, updated_at = now()
      from last where c.name = ${consumer}
    )
    select * from batch order by xact_id::xid8, id::bigint`.execute(db);
  return rows;
}

/**
 * `EventsRepository.hasForConsumer`: the first event past the consumer's progress that a claim may answer now, read
 * in the order of the `(xact_id, id)` index (so its plan is that index's, statistics or not), without the claim's
 * lock and write: an idle consumer's poll costs one cheap statement. A consumer without a row starts before every event.
 */
export async function hasForConsumer(db: Executor, consumer: string): Promise<boolean> {
  const progress = (column: 'xact_id' | 'event_id') =>
    sql`(select c.${sql.ref(column)} from event_consumers as c where c.name = ${consumer})`;
  const { rows } = await sql`select e.id from content_events as e
    where (e.xact_id, e.id) > (coalesce(${progress('xact_id')}, '0'::xid8), coalesce(${progress('event_id')}, 0))
      and e.xact_id < pg_snapshot_xmin(pg_current_snapshot())
    order by e.xact_id, e.id limit 1`.execute(db);
  return rows.length > 0;
}
