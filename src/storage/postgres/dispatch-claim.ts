import { sql } from 'kysely';
import type { DispatchBatch, DispatchedEvent, TopicForm } from '../port/webhook-calls.ts';
import { claimable, toEvent, type EventRow } from './events-repository.ts';
import type { Executor } from './executor.ts';
import { PLANNED_EACH_TIME } from './prepared-statements.ts';
import { toIso } from './type-parsers.ts';
import { toDefinition } from './webhooks-repository.ts';

interface ClaimedRow {
  events: Array<Omit<EventRow, 'snapshot'> & { snapshot: EventRow['snapshot'] | null }> | null;
  definitions: unknown[] | null;
  locales: Record<string, string[]> | null;
}

const EVENT_COLUMNS = sql`id, space_id, environment_id, requested_environment_id, entity_type, entity_id, action, actor_id, occurred_at, snapshot, scheduled_action_id`;

/** The claimed events and the auto_saves swept with them, inlined where read (a CTE of them would copy every snapshot). */
const TAKEN = sql`(select * from claimed union all select * from swept)`;

/** Two auto_saves `a` and `b` of one entity reached through one path: coalesced into the newer. */
const sameAutoSaved = (a: string, b: string) =>
  sql.raw(`${a}.space_id = ${b}.space_id and ${a}.environment_id = ${b}.environment_id
  and ${a}.entity_type = ${b}.entity_type and ${a}.entity_id = ${b}.entity_id
  and ${a}.requested_environment_id is not distinct from ${b}.requested_environment_id`);

/**
 * Claims and marks a batch of events in one statement (SKIP LOCKED), with the active definitions of their spaces and
 * the locale codes of the environments of the events some definition subscribes to (by topic, made before the
 * event). Only those events carry their snapshot.
 *
 * Auto_saves (spec, Events rule 6) are claimed once `windowMs` old, so the ones that wait never hold up the events
 * behind them. With a claimed auto_save come the other waiting auto_saves of its entity, old enough or not (`swept`,
 * SKIP LOCKED too): of those only the newest is delivered, with its own snapshot (the latest draft); the older ones
 * are marked without a snapshot, so they make no call. An entity edited without a pause thus makes one call per window.
 * Planned at each claim: a cached plan made while the queue was small marked the claimed events by scanning it all.
 */
/** The topics that subscribe to the taken event `t`, as SQL text values, by the domain's forms. */
const subscribingTopics = (forms: readonly TopicForm[]) =>
  sql.join(
    forms.map(
      ([type, action]) =>
        sql`${type === 'type' ? sql`t.entity_type` : sql.lit('*')} || '.' || ${action === 'action' ? sql`t.action` : sql.lit('*')}`,
    ),
  );

const claimStatement = (
  limit: number,
  windowMs: number,
  forms: readonly TopicForm[],
) => sql<ClaimedRow>`${sql.raw(PLANNED_EACH_TIME)}
  with claimed as (
    select ${EVENT_COLUMNS} from content_events as e
    where e.dispatched_at is null and ${claimable(windowMs)} order by e.id limit ${limit} for update skip locked
  ), swept as (
    select w.* from (select distinct space_id, environment_id, entity_type, entity_id, requested_environment_id
      from claimed where action = 'auto_save') as k
    cross join lateral (
      select ${EVENT_COLUMNS} from content_events as s
      where s.dispatched_at is null and s.action = 'auto_save' and ${sameAutoSaved('k', 's')}
        and not exists (select from claimed as c where c.id = s.id)
      for update skip locked) as w
  ), marked as (
    update content_events as m set dispatched_at = now() where m.id = any(array(select t.id from ${TAKEN} as t))
  ), hooks as (
    select d.* from webhook_definitions as d where d.active and d.space_id in (select space_id from claimed)
  ), wanted as (
    select t.*, exists (select from hooks as h where h.space_id = t.space_id and h.created_at <= t.occurred_at + interval '1 millisecond'
        and h.topics ?| array[${subscribingTopics(forms)}])
      and not (t.action = 'auto_save' and exists (select from ${TAKEN} as n where n.action = 'auto_save' and n.id > t.id and ${sameAutoSaved('n', 't')}))
      as wanted
    from ${TAKEN} as t
  )
  select
    (select json_agg(json_build_object('id', w.id::text, 'space_id', w.space_id, 'environment_id', w.environment_id,
      'requested_environment_id', w.requested_environment_id, 'entity_type', w.entity_type, 'entity_id', w.entity_id, 'action', w.action,
      'actor_id', w.actor_id, 'occurred_at', w.occurred_at, 'scheduled_action_id', w.scheduled_action_id, 'snapshot', case when w.wanted then w.snapshot end) order by w.id)
      from wanted as w) as events,
    (select json_agg(h order by h.space_id, h.created_at, h.id) from hooks as h) as definitions,
    (select json_object_agg(v.space_id || '/' || v.environment_id, (select coalesce(json_agg(l.code order by l.created_at, l.id), '[]')
        from locales as l where l.space_id = v.space_id and l.environment_id = v.environment_id))
      from (select distinct space_id, environment_id from wanted where wanted and entity_type <> 'ContentType') as v) as locales`;

function toBatch(row: ClaimedRow): DispatchBatch {
  const events = (row.events ?? []).map((r): DispatchedEvent =>
    r.snapshot === null
      ? {
          id: r.id,
          spaceId: r.space_id,
          environmentId: r.environment_id,
          requestedEnvironmentId: r.requested_environment_id ?? r.environment_id,
          entityType: r.entity_type,
          entityId: r.entity_id,
          action: r.action,
          entity: undefined,
          actorId: r.actor_id,
          occurredAt: new Date(r.occurred_at),
          scheduledActionId: r.scheduled_action_id ?? null,
        }
      : toEvent(r as EventRow),
  );
  // Read through json_agg, timestamps come as JSON text: the definitions' as the repository answers them.
  const definitions = (row.definitions ?? []).map((d: any) =>
    toDefinition({ ...d, created_at: toIso(d.created_at), updated_at: toIso(d.updated_at) }),
  );
  return { events, definitions, localeCodes: new Map(Object.entries(row.locales ?? {})) };
}

/** `WebhookCallsRepository.claimForDispatch`. */
export async function claimForDispatch(
  db: Executor,
  limit: number,
  autoSaveWindowMs: number,
  subscribing: readonly TopicForm[],
): Promise<DispatchBatch> {
  const { rows } = await claimStatement(limit, autoSaveWindowMs, subscribing).execute(db);
  return toBatch(rows[0]!);
}
