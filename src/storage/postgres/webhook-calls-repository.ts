import { sql } from 'kysely';
import type { WebhookCallOutcome, WebhookCallRecord, WebhookCallsRepository } from '../port/webhook-calls.ts';
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

    async findForDelivery(spaceId, id) {
      const { rows } = await sql<CallRow & { definition: unknown; signing_secret: string | null }>`
        select ${sql.join(COLUMN_NAMES.map((c) => sql.ref(`c.${c}`)))}, c.event_id::text as event_id,
          row_to_json(d) as definition, s.value as signing_secret
        from webhook_calls c
        join webhook_definitions d on d.space_id = c.space_id and d.id = c.webhook_id
        left join webhook_signing_secrets s on s.space_id = c.space_id
        where c.space_id = ${spaceId} and c.id = ${id} and c.status = 'pending'`.execute(db);
      const row = rows[0];
      return row && { call: toRecord(row), definition: toDefinition(row.definition), signingSecret: row.signing_secret ?? undefined };
    },

    async record(spaceId, id, outcome: WebhookCallOutcome, keep) {
      // One statement: the data-modifying parts see the table as it was before it, so the call recorded here is not
      // yet 'done' to the prune, which therefore keeps `keep - 1` others.
      const { rows } = await sql<{ recorded: number }>`
        with recorded as (
          update webhook_calls set status = 'done', url = ${outcome.url}, status_code = ${outcome.statusCode},
            errors = ${JSON.stringify(outcome.errors)}::jsonb, request = ${JSON.stringify(outcome.request)}::json,
            response = ${outcome.response ? JSON.stringify(outcome.response) : null}::json,
            request_at = ${outcome.requestAt}::timestamptz, response_at = ${outcome.responseAt}::timestamptz
          where space_id = ${spaceId} and id = ${id} and status = 'pending'
          returning webhook_id
        ), pruned as (
          delete from webhook_calls c using recorded
          where c.space_id = ${spaceId} and c.webhook_id = recorded.webhook_id and c.status = 'done'
            and c.seq <= (select o.seq from webhook_calls o where o.space_id = ${spaceId} and o.webhook_id = recorded.webhook_id
              and o.status = 'done' order by o.seq desc offset ${Math.max(0, keep - 1)} limit 1)
        )
        select count(*)::int as recorded from recorded`.execute(db);
      return (rows[0]?.recorded ?? 0) > 0;
    },

    async deletePending(spaceId, id) {
      await sql`delete from webhook_calls where space_id = ${spaceId} and id = ${id} and status = 'pending'`.execute(db);
    },

    async list(spaceId, webhookId, page) {
      const [{ rows }, count] = await Promise.all([
        sql<CallRow>`select ${COLUMNS} from webhook_calls
          where space_id = ${spaceId} and webhook_id = ${webhookId} and status = 'done'
          order by seq desc limit ${page.limit} offset ${page.skip}`.execute(db),
        sql<{ total: number }>`select count(*)::int as total from webhook_calls
          where space_id = ${spaceId} and webhook_id = ${webhookId} and status = 'done'`.execute(db),
      ]);
      return { items: rows.map(toRecord), total: count.rows[0]?.total ?? 0 };
    },

    async find(spaceId, webhookId, id) {
      const { rows } = await sql<CallRow>`select ${COLUMNS} from webhook_calls
        where space_id = ${spaceId} and id = ${id} and webhook_id = ${webhookId} and status = 'done'`.execute(db);
      return rows[0] && toRecord(rows[0]);
    },

    async health(spaceId, webhookId) {
      const { rows } = await sql<{ total: number; healthy: number }>`
        select count(*)::int as total, (count(*) filter (where status_code between 200 and 299))::int as healthy
        from webhook_calls where space_id = ${spaceId} and webhook_id = ${webhookId} and status = 'done'`.execute(db);
      return rows[0] ?? { total: 0, healthy: 0 };
    },
  };
}
