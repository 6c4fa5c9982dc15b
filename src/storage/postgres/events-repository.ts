import { sql } from 'kysely';
import type { ContentEventRecord, EventAction, EventEntityType, EventsRepository } from '../port/events.ts';
import { toAsset } from './assets-repository.ts';
import { toContentType } from './content-types-repository.ts';
import { toEntry } from './entries-repository.ts';
import { claimForConsumer, hasForConsumer } from './event-consumer-claim.ts';
import type { Executor } from './executor.ts';
import { EVENT_SETTINGS, REQUESTED_ENVIRONMENT_SETTING } from './session-settings.ts';
import { toIso } from './type-parsers.ts';

export interface EventRow {
  id: string;
  space_id: string;
  environment_id: string;
  requested_environment_id: string | null;
  entity_type: EventEntityType;
  entity_id: string;
  action: EventAction;
  snapshot: Record<string, unknown>;
  actor_id: string | null;
  occurred_at: string;
  scheduled_action_id: string | null;
}

/** The snapshot's timestamps are `to_jsonb` text (`...T13:19:21.052123+00:00`); rows read from the tables give ISO strings. */
const TIMESTAMP_COLUMNS = ['created_at', 'updated_at', 'published_at', 'first_published_at', 'archived_at'];

const MAPPERS: Record<EventEntityType, (row: Record<string, unknown>) => ContentEventRecord['entity']> = {
  Entry: toEntry,
  Asset: toAsset,
  ContentType: toContentType,
};

/** An event's row without its entity. */
function toEventKey(r: Omit<EventRow, 'snapshot'>): Omit<ContentEventRecord, 'entity'> {
  return {
    id: r.id,
    spaceId: r.space_id,
    environmentId: r.environment_id,
    requestedEnvironmentId: r.requested_environment_id ?? r.environment_id,
    entityType: r.entity_type,
    entityId: r.entity_id,
    action: r.action,
    actorId: r.actor_id,
    occurredAt: new Date(r.occurred_at),
    scheduledActionId: r.scheduled_action_id ?? null,
  };
}

export function toEvent(r: EventRow): ContentEventRecord {
  const row = { ...r.snapshot };
  for (const column of TIMESTAMP_COLUMNS) if (typeof row[column] === 'string') row[column] = toIso(row[column]);
  return { ...toEventKey(r), entity: MAPPERS[r.entity_type](row) };
}

/** `id` is answered as text, so the statements order by `e.id`: a bare `order by id` would order by the text. */
const EVENT_COLUMNS = sql`e.id::text as id, space_id, environment_id, requested_environment_id, entity_type, entity_id, action, snapshot,
  actor_id, occurred_at, scheduled_action_id`;

/**
 * Whether the undispatched event `e` may be claimed now: an auto_save only once `windowMs` old (the dispatch
 * coalesces the auto_saves of an entity of one window into the newest).
 */
export const claimable = (windowMs: number) =>
  sql<boolean>`(e.action <> 'auto_save' or e.occurred_at <= now() - ${windowMs}::int * interval '1 millisecond')`;

/** The events table (migrations 0026, 0029, 0031), written only by its triggers. */
export function eventsRepository(db: Executor): EventsRepository {
  return {
    // Without `entities`, every row has its snapshot and every event its entity.
    claimForConsumer: (async (consumer: string, limit: number, entities?: 'appEnvironments') => {
      const rows = await claimForConsumer(db, consumer, limit, entities ?? 'all');
      return rows.map((r) => (r.snapshot === null ? { ...toEventKey(r), entity: undefined } : toEvent(r as EventRow)));
    }) as EventsRepository['claimForConsumer'],
    hasForConsumer: (consumer) => hasForConsumer(db, consumer),
    async hasUndispatched(autoSaveWindowMs = 0) {
      // Waiting auto_saves are few (those of the last window), so passing over them in the index costs little.
      const { rows } = await sql<{ found: boolean }>`select exists (select from content_events as e
        where e.dispatched_at is null and ${claimable(autoSaveWindowMs)}) as found`.execute(db);
      return rows[0]!.found;
    },
    async listForSpace(spaceId, options = {}) {
      const { rows } = await sql<EventRow>`select ${EVENT_COLUMNS} from content_events as e
        where space_id = ${spaceId} and e.id > ${options.afterId ?? '0'}::bigint
        order by e.id ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}`.execute(db);
      return rows.map(toEvent);
    },
    async purgeConsumed(before, batch) {
      const at = before.toISOString();
      // Ids grow with time, so the old events lie below the first young one: that bound (and the last id a batch
      // deleted) keeps every batch's index range to the old events it has not yet seen, young ones never scanned.
      const { rows: young } = await sql<{ id: string }>`select e.id::text as id from content_events as e
        where e.occurred_at >= ${at}::timestamptz order by e.id limit 1`.execute(db);
      const below = young[0] ? sql`and e.id < ${young[0].id}::bigint` : sql``;
      let after = '0';
      let purged = 0;
      for (;;) {
        const { rows } = await sql<{ n: number; last: string | null }>`with gone as (
          delete from content_events where id in (
            select e.id from content_events as e
            where e.id > ${after}::bigint ${below} and e.occurred_at < ${at}::timestamptz and e.dispatched_at is not null
              and not exists (select from event_consumers as c where (e.xact_id, e.id) > (c.xact_id, c.event_id))
            order by e.id limit ${batch} for update skip locked)
          returning id)
          select count(*)::int as n, max(id)::text as last from gone`.execute(db);
        purged += rows[0]!.n;
        if (rows[0]!.n < batch) return purged;
        after = rows[0]!.last!;
      }
    },
    async attributeToScheduledAction(actionId) {
      // The transaction's own events: (xact_id, id) is indexed (0031).
      await sql`update content_events set scheduled_action_id = ${actionId}
        where xact_id = pg_current_xact_id()`.execute(db);
    },
    async describeTransaction(d) {
      const settings: Array<[string, string]> = [];
      if (d.action) settings.push([EVENT_SETTINGS.action, d.action]);
      if (d.actorId !== undefined) settings.push([EVENT_SETTINGS.actor, d.actorId]);
      if (d.off) settings.push([EVENT_SETTINGS.off, 'off']);
      if (d.requestedEnvironmentId !== undefined)
        settings.push([REQUESTED_ENVIRONMENT_SETTING, d.requestedEnvironmentId]);
      if (settings.length === 0) return;
      await sql`select ${sql.join(settings.map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`.execute(
        db,
      );
    },
  };
}
