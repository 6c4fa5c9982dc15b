import { sql } from 'kysely';
import type { AppEventKey, AppEventSubscribers, AppEventTarget } from '../port/apps.ts';
import type { Executor } from './executor.ts';

/**
 * A subscription or installation made at `column` counts for an event of `e.occurred_at`: the event's time comes to
 * the repository in milliseconds, the row's in microseconds, so the one made in the event's millisecond counts.
 */
const madeBefore = (column: string) => sql.raw(`${column} <= e.occurred_at + interval '1 millisecond'`);

/**
 * `AppsRepository.findEventSubscribers`: the batch's events bound as arrays (one statement text whatever their
 * number), each joined to the installations of its environment (their primary key) and those apps' subscriptions
 * naming its topic; with the locale codes of the environments some app hears of.
 */
export async function findEventSubscribers(db: Executor, events: AppEventKey[]): Promise<AppEventSubscribers> {
  if (events.length === 0) return { matches: [], localeCodes: new Map() };
  const { rows } = await sql<{
    matches: Array<{ event_id: string; app_definition_id: string }> | null;
    locales: Record<string, string[]> | null;
  }>`with e as (
      select * from unnest(${events.map((e) => e.eventId)}::bigint[], ${events.map((e) => e.spaceId)}::text[],
        ${events.map((e) => e.environmentId)}::text[], ${events.map((e) => e.topic)}::text[],
        ${events.map((e) => e.occurredAt.toISOString())}::timestamptz[])
        as e(id, space_id, environment_id, topic, occurred_at)
    ), matched as (
      select e.id, e.space_id, e.environment_id, i.app_definition_id
      from e
      join app_installations as i on i.space_id = e.space_id and i.environment_id = e.environment_id
        and ${madeBefore('i.created_at')}
      join app_event_subscriptions as s on s.app_definition_id = i.app_definition_id and e.topic = any(s.topics)
        and ${madeBefore('s.created_at')}
    )
    select
      (select json_agg(json_build_object('event_id', m.id::text, 'app_definition_id', m.app_definition_id)
        order by m.id, m.app_definition_id) from matched as m) as matches,
      (select json_object_agg(v.space_id || '/' || v.environment_id,
          (select coalesce(json_agg(l.code order by l.created_at, l.id), '[]')
            from locales as l where l.space_id = v.space_id and l.environment_id = v.environment_id))
        from (select distinct space_id, environment_id from matched) as v) as locales`.execute(db);
  const row = rows[0]!;
  return {
    matches: (row.matches ?? []).map((m) => ({ eventId: m.event_id, appDefinitionId: m.app_definition_id })),
    localeCodes: new Map(Object.entries(row.locales ?? {})),
  };
}

/** `AppsRepository.findEventTarget`: the subscription, through the installation's primary key. */
export async function findEventTarget(
  db: Executor,
  spaceId: string,
  environmentId: string,
  appDefinitionId: string,
): Promise<AppEventTarget | undefined> {
  const { rows } = await sql<{ target_url: string; topics: string[] }>`select s.target_url, s.topics
    from app_installations as i join app_event_subscriptions as s on s.app_definition_id = i.app_definition_id
    where i.space_id = ${spaceId} and i.environment_id = ${environmentId}
      and i.app_definition_id = ${appDefinitionId}`.execute(db);
  const row = rows[0];
  return row && { targetUrl: row.target_url, topics: row.topics };
}
