import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The content event stream gets consumers besides the webhook dispatcher (which keeps its `dispatched_at` flag), each
 * with its own progress in `event_consumers`. A consumer reads events in commit-safe order: by the id of the
 * transaction that recorded them (`xact_id`), then by id, and only those of transactions older than every running
 * one, so an event a transaction still running will commit can never land behind a consumer's progress. Existing
 * events share the migration's transaction id and keep their id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `alter table content_events add column xact_id xid8 not null default pg_current_xact_id();
    create index content_events_consumer_order on content_events (xact_id, id);
    create table event_consumers (
      name text primary key,
      xact_id xid8 not null,
      event_id bigint not null,
      updated_at timestamptz not null default now()
    )`,
  );
}
