import { sql, type RawBuilder } from 'kysely';
import type {
  PendingWebhookCall,
  WebhookCallOutcome,
  WebhookCallRecord,
  WebhookCallsRepository,
} from '../port/webhook-calls.ts';
import { claimForDispatch } from './dispatch-claim.ts';
import type { Executor } from './executor.ts';
import { toIso } from './type-parsers.ts';
import { toDefinition } from './webhooks-repository.ts';

interface CallRow {
  space_id: string;
  id: string;
  webhook_id: string;
  event_id: string;
  attempt: number;
  topic: string;
  entity_type: string;
  entity_id: string;
  environment_id: string;
  actor_id: string | null;
  event_at: string;
  url: string;
  status_code: number | null;
  errors: string[];
  request_method: string;
  request_headers: string;
  request_body: string;
  request_timeout: number;
  response: string | null;
  request_at: string;
  response_at: string | null;
  created_at: string;
}

/** Every column but `event_id`, a bigint read as text. */
const COLUMN_NAMES = [
  'space_id',
  'id',
  'webhook_id',
  'attempt',
  'topic',
  'entity_type',
  'entity_id',
  'environment_id',
  'actor_id',
  'event_at',
  'url',
  'status_code',
  'errors',
  'request_method',
  'request_headers',
  'request_body',
  'request_timeout',
  'response',
  'request_at',
  'response_at',
  'created_at',
];
const COLUMNS = sql`${sql.join(COLUMN_NAMES.map((c) => sql.ref(c)))}, event_id::text as event_id`;

const toRecord = (r: CallRow): WebhookCallRecord => {
  const response =
    r.response === null ? null : (JSON.parse(r.response) as { headers: Record<string, string>; body: string });
  return {
    spaceId: r.space_id,
    id: r.id,
    webhookId: r.webhook_id,
    eventId: r.event_id,
    attempt: r.attempt,
    topic: r.topic,
    entityType: r.entity_type,
    entityId: r.entity_id,
    environmentId: r.environment_id,
    actorId: r.actor_id,
    eventAt: r.event_at,
    url: r.url,
    statusCode: r.status_code,
    errors: r.errors,
    request: {
      url: r.url,
      method: r.request_method,
      headers: JSON.parse(r.request_headers),
      body: r.request_body,
      timeout: r.request_timeout,
    },
    response:
      response && r.status_code !== null
        ? { url: r.url, headers: response.headers, body: response.body, statusCode: r.status_code }
        : null,
    requestAt: r.request_at,
    responseAt: r.response_at,
    createdAt: r.created_at,
  };
};

/**
 * Where a storage's next prune of a webhook's calls starts: the `seq` below which its last one deleted. A prune
 * over `seq < bound` alone would walk every deleted row the vacuum has not removed yet (a minute's worth under load),
 * each time. One prune in FULL_PRUNE_EVERY starts at 0: it removes the calls a concurrent transaction committed below
 * the bound after that prune (reads never show them: they are older than the newest `keep`).
 */
export type CallLogPrunes = Map<string, { seq: string; prunes: number; unpruned: number }>;

/** The prune bounds of one storage (`postgresStorage`), shared by its repositories in and out of transactions. */
export const callLogPrunes = (): CallLogPrunes => new Map();
const FULL_PRUNE_EVERY = 64;
/**
 * A recording prunes once this storage recorded `keep / PRUNE_SHARE` calls of the webhook since its last prune (and
 * at its first): finding the oldest kept call walks `keep` index entries, which would cost more than the insert of a
 * few calls. Reads find that bound themselves, so calls left a little longer are never shown.
 */
const PRUNE_SHARE = 5;
const PRUNE_MEMORY = 10_000;
/** Payload rows deleted per statement at most. */
const PURGE_BATCH = 5000;

/**
 * The payload row of the event `eventId` names (a column of the outer query), to join laterally: read through its key.
 * The `limit` keeps the planner from joining the payloads as a set, which, while statistics thought the table small
 * (never analyzed, or before autovacuum caught up) and a prepared statement kept that plan, read the whole table for
 * every delivery and recording.
 */
const payloadOf = (eventId: RawBuilder<unknown>, spaceId: string) =>
  sql`(select * from webhook_payloads as p where p.event_id = ${eventId} and p.space_id = ${spaceId} limit 1)`;

/**
 * The `seq` of a webhook's `keep`-th newest recorded call (0 while it has fewer): older ones are out of the log. `from`
 * is a bound known to be at or below it (an earlier answer: it only grows), which keeps the read among the kept calls
 * whatever the plan: with statistics the planner may collect every entry of the webhook in the index and sort them,
 * and until a vacuum that includes every pruned call.
 */
const oldestKept = (spaceId: string, webhookId: string, keep: number, from = '0') => sql<number>`coalesce((
  select o.seq from webhook_calls o where o.space_id = ${spaceId} and o.webhook_id = ${webhookId} and o.seq >= ${from}::bigint
  order by o.seq desc offset ${keep - 1} limit 1), 0)`;

type PendingRow = Omit<PendingWebhookCall, 'spaceId' | 'attempt'>;

/**
 * Recorded attempts as parallel columns (one array parameter each, unnested): PostgreSQL reads them in about half the
 * time it parses the same values as one JSON document. Headers, errors and the response go as JSON text; a null body
 * is the payload's.
 */
function callColumns(outcomes: WebhookCallOutcome[]) {
  const columns = {
    ids: [] as string[],
    eventIds: [] as string[],
    attempts: [] as number[],
    urls: [] as string[],
    statusCodes: [] as Array<number | null>,
    errors: [] as string[],
    methods: [] as string[],
    headers: [] as string[],
    bodies: [] as Array<string | null>,
    timeouts: [] as number[],
    responses: [] as Array<string | null>,
    requestAts: [] as string[],
    responseAts: [] as Array<string | null>,
  };
  for (const o of outcomes) {
    columns.ids.push(o.id);
    columns.eventIds.push(o.eventId);
    columns.attempts.push(o.attempt);
    columns.urls.push(o.url);
    columns.statusCodes.push(o.statusCode);
    columns.errors.push(JSON.stringify(o.errors));
    columns.methods.push(o.request.method);
    columns.headers.push(JSON.stringify(o.request.headers));
    columns.bodies.push(o.request.body);
    columns.timeouts.push(o.request.timeout);
    columns.responses.push(o.response === null ? null : JSON.stringify(o.response));
    columns.requestAts.push(o.requestAt);
    columns.responseAts.push(o.responseAt);
  }
  return columns;
}

export function webhookCallsRepository(db: Executor, prunedBelow: CallLogPrunes): WebhookCallsRepository {
  return {
    claimForDispatch: (limit, autoSaveWindowMs, subscribing) =>
      claimForDispatch(db, limit, autoSaveWindowMs, subscribing),

    async insertPayloads(payloads) {
      if (payloads.length === 0) return;
      // One parameter whatever the number of events: the statement text stays the same. A body goes as a JSON value
      // and is stored as its text (json_to_recordset answers a nested value's text as it was written).
      const rows = payloads.map((p) => ({
        event_id: p.eventId,
        space_id: p.spaceId,
        topic: p.topic,
        entity_type: p.entityType,
        entity_id: p.entityId,
        environment_id: p.environmentId,
        actor_id: p.actorId,
        event_at: p.eventAt,
        scheduled_action_id: p.scheduledActionId,
        body: p.body,
      }));
      await sql`
        insert into webhook_payloads (event_id, space_id, topic, entity_type, entity_id, environment_id, actor_id, event_at,
          scheduled_action_id, body)
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as p(event_id bigint, space_id text, topic text, entity_type text,
          entity_id text, environment_id text, actor_id text, event_at timestamptz, scheduled_action_id text, body text)
        on conflict do nothing`.execute(db);
    },

    async purgePayloads(jobKind, after = '0') {
      // A payload is read by the delivery jobs naming its event; those jobs name ascending events, so every payload
      // below the first event of the first waiting job is read by none. Rows a dispatch inserts commit with its jobs.
      // Each step is materialized: inlined, the bound would be computed again for every payload.
      const { rows } = await sql<{ n: number; last: string | null }>`
        with waiting as materialized (
          select coalesce(min((j.payload -> 'eventIds' ->> 0)::bigint), 9223372036854775807) as first from jobs as j
          where j.kind = ${jobKind} and j.status in ('queued', 'running')
        ), upto as materialized (
          select max(q.event_id) as last from (select p.event_id from webhook_payloads as p
            where p.event_id > ${after}::bigint and p.event_id < (select first from waiting) order by p.event_id limit ${PURGE_BATCH}) as q
        ), gone as (
          delete from webhook_payloads where event_id > ${after}::bigint and event_id <= (select last from upto) returning 1
        )
        select count(*)::int as n, (select last from upto)::text as last from gone`.execute(db);
      return { deleted: rows[0]?.n ?? 0, upTo: rows[0]?.last ?? undefined };
    },

    async findForDelivery(spaceId, webhookId, eventIds, attempt, unrecordedOnly) {
      const unrecorded = unrecordedOnly
        ? sql`where not exists (select from webhook_calls as c where c.space_id = ${spaceId} and c.webhook_id = ${webhookId}
            and c.event_id = p.event_id and c.attempt = ${attempt})`
        : sql``;
      // A row per call, bodies as plain text columns: aggregated into JSON they would be escaped here and parsed again
      // there. The definition comes as text with the first row only.
      const { rows } = await sql<
        { definition: string | null; signing_secret: string | null } & Partial<PendingRow> & { event_id: string | null }
      >`
        select case when row_number() over (order by p.event_id) = 1 then row_to_json(d)::text end as definition,
          s.value as signing_secret, p.event_id::text as event_id, p.topic,
          p.entity_type as "entityType", p.entity_id as "entityId", p.environment_id as "environmentId", p.actor_id as "actorId",
          p.event_at as "eventAt", p.scheduled_action_id as "scheduledActionId", p.body
        from webhook_definitions d
        left join webhook_signing_secrets s on s.space_id = d.space_id
        left join lateral (select p.* from unnest(${eventIds}::bigint[]) as k(event_id)
          cross join lateral ${payloadOf(sql.ref('k.event_id'), spaceId)} as p
          ${unrecorded}) as p on true
        where d.space_id = ${spaceId} and d.id = ${webhookId}
        order by p.event_id`.execute(db);
      const first = rows[0];
      if (!first?.definition) return undefined;
      const calls = rows
        .filter((r) => r.event_id !== null)
        .map((r): PendingWebhookCall => ({
          eventId: r.event_id!,
          topic: r.topic!,
          entityType: r.entityType!,
          entityId: r.entityId!,
          environmentId: r.environmentId!,
          actorId: r.actorId ?? null,
          eventAt: r.eventAt!,
          scheduledActionId: r.scheduledActionId ?? null,
          body: r.body!,
          spaceId,
          attempt,
        }));
      return {
        definition: toDefinition(JSON.parse(first.definition)),
        signingSecret: first.signing_secret ?? undefined,
        calls,
      };
    },

    async record(spaceId, webhookId, outcomes, keep) {
      if (outcomes.length === 0) return [];
      const input = callColumns(outcomes);
      const key = `${spaceId}/${webhookId}`;
      const last = prunedBelow.get(key);
      const prune = !last || last.unpruned >= keep / PRUNE_SHARE;
      const prunes = (last?.prunes ?? 0) + (prune ? 1 : 0);
      const from = last && prunes % FULL_PRUNE_EVERY !== 0 ? last.seq : '0';
      const pruning = prune
        ? sql`, kept as materialized (
          select ${oldestKept(spaceId, webhookId, keep, last?.seq)} as seq
        ), pruned as (
          delete from webhook_calls as c
          where exists (select from recorded) and c.space_id = ${spaceId} and c.webhook_id = ${webhookId}
            and c.seq >= ${from}::bigint and c.seq < (select seq from kept)
        )`
        : sql``;
      // One statement. The prune sees the table as it was before the statement: the calls this one records push older
      // ones out at the next. Each call reads its payload through the key (`payloadOf`).
      const { rows } = await sql<{ event_id: string; kept_from: string | null }>`
        with input as (
          select * from unnest(${input.ids}::text[], ${input.eventIds}::bigint[], ${input.attempts}::integer[], ${input.urls}::text[],
            ${input.statusCodes}::integer[], ${input.errors}::jsonb[], ${input.methods}::text[], ${input.headers}::text[], ${input.bodies}::text[],
            ${input.timeouts}::integer[], ${input.responses}::text[], ${input.requestAts}::timestamptz[], ${input.responseAts}::timestamptz[])
            as i(id, event_id, attempt, url, status_code, errors, request_method, request_headers, request_body, request_timeout, response,
              request_at, response_at)
        ), recorded as (
          insert into webhook_calls (space_id, id, webhook_id, event_id, attempt, topic, entity_type, entity_id, environment_id, actor_id,
            event_at, url, status_code, errors, request_method, request_headers, request_body, request_timeout, response, request_at, response_at,
            created_at)
          select ${spaceId}, i.id, ${webhookId}, i.event_id, i.attempt, p.topic, p.entity_type, p.entity_id, p.environment_id, p.actor_id,
            p.event_at, i.url, i.status_code, i.errors, i.request_method, i.request_headers, coalesce(i.request_body, p.body),
            i.request_timeout, i.response, i.request_at, i.response_at, i.request_at
          from input as i cross join lateral ${payloadOf(sql.ref('i.event_id'), spaceId)} as p
          where exists (select from webhook_definitions as d where d.space_id = ${spaceId} and d.id = ${webhookId})
          on conflict do nothing
          returning event_id
        )${pruning}
        select event_id::text as event_id, ${prune ? sql`(select seq from kept)::text` : sql`null::text`} as kept_from from recorded`.execute(
        db,
      );
      if (rows.length > 0) {
        if (!last && prunedBelow.size >= PRUNE_MEMORY) prunedBelow.clear();
        prunedBelow.set(
          key,
          prune
            ? { seq: rows[0]!.kept_from!, prunes, unpruned: rows.length }
            : { ...last!, unpruned: last!.unpruned + rows.length },
        );
      }
      return rows.map((r) => r.event_id);
    },

    async list(spaceId, webhookId, page, keep) {
      const kept = sql`space_id = ${spaceId} and webhook_id = ${webhookId} and seq >= ${oldestKept(spaceId, webhookId, keep)}`;
      // One statement, so the page and the total see the same calls (two would each see their own moment).
      const { rows } = await sql<CallRow & { total: number }>`
        select c.*, t.total from (select count(*)::int as total from webhook_calls where ${kept}) as t
        left join lateral (select ${COLUMNS} from webhook_calls where ${kept} order by seq desc limit ${page.limit} offset ${page.skip}) as c on true`.execute(
        db,
      );
      return { items: rows.filter((r) => r.id !== null).map(toRecord), total: rows[0]?.total ?? 0 };
    },

    async find(spaceId, webhookId, id, keep) {
      const { rows } = await sql<CallRow>`select ${COLUMNS} from webhook_calls
        where space_id = ${spaceId} and id = ${id} and webhook_id = ${webhookId} and seq >= ${oldestKept(spaceId, webhookId, keep)}`.execute(
        db,
      );
      return rows[0] && toRecord(rows[0]);
    },

    async health(spaceId, webhookId, keep) {
      const { rows } = await sql<{ total: number; healthy: number }>`
        select count(*)::int as total, (count(*) filter (where status_code between 200 and 299))::int as healthy
        from webhook_calls where space_id = ${spaceId} and webhook_id = ${webhookId}
          and seq >= ${oldestKept(spaceId, webhookId, keep)}`.execute(db);
      return rows[0] ?? { total: 0, healthy: 0 };
    },
  };
}
