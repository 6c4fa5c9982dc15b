import { sql, type RawBuilder } from 'kysely';
import type { WebhookCallRecord, WebhookCallsRepository } from '../port/webhook-calls.ts';
import { toIso } from './type-parsers.ts';
import type { Executor } from './executor.ts';
import { toDefinition } from './webhooks-repository.ts';

interface CallRow {
  space_id: string; id: string; webhook_id: string; event_id: string; attempt: number; status: 'pending' | 'done';
  topic: string; entity_type: string; entity_id: string; environment_id: string; actor_id: string | null; event_at: string;
  payload: unknown; url: string | null; status_code: number | null; errors: string[];
  request: WebhookCallRecord['request']; response: WebhookCallRecord['response'];
  request_at: string | null; response_at: string | null; created_at: string;
}

/** Every column but `event_id`, a bigint read as text. */
const COLUMN_NAMES = ['space_id', 'id', 'webhook_id', 'attempt', 'status', 'topic', 'entity_type', 'entity_id', 'environment_id',
  'actor_id', 'event_at', 'payload', 'url', 'status_code', 'errors', 'request', 'response', 'request_at', 'response_at', 'created_at'];
const COLUMNS = sql`${sql.join(COLUMN_NAMES.map((c) => sql.ref(c)))}, event_id::text as event_id`;

const toRecord = (r: CallRow): WebhookCallRecord => ({
  spaceId: r.space_id, id: r.id, webhookId: r.webhook_id, eventId: r.event_id, attempt: r.attempt, status: r.status,
  topic: r.topic, entityType: r.entity_type, entityId: r.entity_id, environmentId: r.environment_id, actorId: r.actor_id,
  eventAt: r.event_at, payload: r.payload, url: r.url, statusCode: r.status_code, errors: r.errors,
  request: r.request, response: r.response, requestAt: r.request_at, responseAt: r.response_at, createdAt: r.created_at,
});

/** Recorded calls are pruned in batches: by the recording of one call in this many. */
const PRUNE_EVERY = 32;

/** The `seq` of a webhook's `keep`-th newest recorded call (0 while it has fewer): older ones are out of the log. */
const oldestKept = (spaceId: string, webhookId: string | RawBuilder<unknown>, keep: number) => sql<number>`coalesce((
  select o.seq from webhook_calls o where o.space_id = ${spaceId} and o.webhook_id = ${webhookId} and o.status = 'done'
  order by o.seq desc offset ${keep - 1} limit 1), 0)`;

export function webhookCallsRepository(db: Executor): WebhookCallsRepository {
  return {
    async insertPending(calls) {
      if (calls.length === 0) return;
      // One parameter whatever the number of calls: the statement text stays the same.
      const rows = calls.map((c) => ({
        space_id: c.spaceId, id: c.id, webhook_id: c.webhookId, event_id: c.eventId, attempt: c.attempt, topic: c.topic,
        entity_type: c.entityType, entity_id: c.entityId, environment_id: c.environmentId, actor_id: c.actorId,
        event_at: c.eventAt, payload: c.payload,
      }));
      await sql`
        insert into webhook_calls (space_id, id, webhook_id, event_id, attempt, topic, entity_type, entity_id, environment_id, actor_id, event_at, payload)
        select r.space_id, r.id, r.webhook_id, r.event_id, r.attempt, r.topic, r.entity_type, r.entity_id, r.environment_id, r.actor_id, r.event_at, r.payload
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(space_id text, id text, webhook_id text, event_id bigint, attempt integer,
          topic text, entity_type text, entity_id text, environment_id text, actor_id text, event_at timestamptz, payload json)
        on conflict do nothing`.execute(db);
    },

    async findForDelivery(spaceId, webhookId, ids) {
      const { rows } = await sql<{ definition: unknown; signing_secret: string | null; calls: CallRow[] | null }>`
        select row_to_json(d) as definition, s.value as signing_secret,
          (select json_agg(c order by c.seq) from (
            select ${COLUMNS}, seq from webhook_calls
            where space_id = ${spaceId} and id = any(${ids}::text[]) and status = 'pending') c) as calls
        from webhook_definitions d
        left join webhook_signing_secrets s on s.space_id = d.space_id
        where d.space_id = ${spaceId} and d.id = ${webhookId}`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      // Read through json_agg, timestamps come as JSON text: the call log's ISO form.
      // By primary key only (a plan without statistics could otherwise walk the webhook's whole log): its own calls here.
      const calls = (row.calls ?? []).filter((c) => c.webhook_id === webhookId).map((c) => toRecord({ ...c, event_at: toIso(c.event_at), created_at: toIso(c.created_at) }));
      return { definition: toDefinition(row.definition), signingSecret: row.signing_secret ?? undefined, calls };
    },

    async record(spaceId, outcomes, keep) {
      if (outcomes.length === 0) return [];
      const input = outcomes.map(({ id, outcome: o }) => ({
        id, url: o.url, status_code: o.statusCode, errors: o.errors, request: o.request, response: o.response, request_at: o.requestAt, response_at: o.responseAt,
      }));
      // One statement. The prune runs for about one recording in PRUNE_EVERY (it walks `keep` index entries) and sees
      // the table as it was before the statement; reads show only the newest `keep` whatever is left over (`oldestKept`).
      const { rows } = await sql<{ id: string }>`
        with input as (
          select * from json_to_recordset(${JSON.stringify(input)}::json) as i(id text, url text, status_code integer, errors jsonb,
            request json, response json, request_at timestamptz, response_at timestamptz)
        ), recorded as (
          update webhook_calls c set status = 'done', url = i.url, status_code = i.status_code, errors = i.errors, request = i.request,
            response = i.response, request_at = i.request_at, response_at = i.response_at
          from input i where c.space_id = ${spaceId} and c.id = any(${outcomes.map((o) => o.id)}::text[]) and c.id = i.id and c.status = 'pending'
          returning c.id, c.webhook_id, c.seq
        ), due as (
          select distinct webhook_id from recorded where seq % ${PRUNE_EVERY} < ${outcomes.length}
        ), pruned as (
          delete from webhook_calls c using due
          where c.space_id = ${spaceId} and c.webhook_id = due.webhook_id and c.status = 'done'
            and c.seq < ${oldestKept(spaceId, sql.ref('due.webhook_id'), keep)}
        )
        select id from recorded`.execute(db);
      return rows.map((r) => r.id);
    },

    async deletePending(spaceId, ids) {
      await sql`delete from webhook_calls where space_id = ${spaceId} and id = any(${ids}::text[]) and status = 'pending'`.execute(db);
    },

    async list(spaceId, webhookId, page, keep) {
      const kept = sql`space_id = ${spaceId} and webhook_id = ${webhookId} and status = 'done' and seq >= ${oldestKept(spaceId, webhookId, keep)}`;
      // One statement, so the page and the total see the same calls (two would each see their own moment).
      const { rows } = await sql<CallRow & { total: number }>`
        select c.*, t.total from (select count(*)::int as total from webhook_calls where ${kept}) as t
        left join lateral (select ${COLUMNS} from webhook_calls where ${kept} order by seq desc limit ${page.limit} offset ${page.skip}) as c on true`.execute(db);
      return { items: rows.filter((r) => r.id !== null).map(toRecord), total: rows[0]?.total ?? 0 };
    },

    async find(spaceId, webhookId, id, keep) {
      const { rows } = await sql<CallRow>`select ${COLUMNS} from webhook_calls
        where space_id = ${spaceId} and id = ${id} and webhook_id = ${webhookId} and status = 'done' and seq >= ${oldestKept(spaceId, webhookId, keep)}`.execute(db);
      return rows[0] && toRecord(rows[0]);
    },

    async health(spaceId, webhookId, keep) {
      const { rows } = await sql<{ total: number; healthy: number }>`
        select count(*)::int as total, (count(*) filter (where status_code between 200 and 299))::int as healthy
        from webhook_calls where space_id = ${spaceId} and webhook_id = ${webhookId} and status = 'done'
          and seq >= ${oldestKept(spaceId, webhookId, keep)}`.execute(db);
      return rows[0] ?? { total: 0, healthy: 0 };
    },
  };
}
