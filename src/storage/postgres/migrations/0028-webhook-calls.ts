import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Webhook delivery (`src/domain/webhooks/dispatch*.ts`, `delivery*.ts`). The dispatcher writes, in the transaction
 * that marks a batch of events dispatched, one `webhook_payloads` row per event some webhook wants (the body rendered
 * from the entity as committed, as JSON text, and what every call about the event carries) and one delivery job per
 * webhook naming the events: the job is the call's durable pending state. A delivery inserts one `webhook_calls` row
 * per attempt once it is sent (its key makes recording happen once; the request body is copied from the payload row
 * in the database unless a transformation changed it). Payload rows no queued or running delivery job names are
 * deleted from time to time. `seq` orders the log, of which the newest 500 calls per webhook are kept; a call's `id`
 * is looked up among those. Deleting the webhook (or its space) deletes its calls, by a statement trigger rather than
 * a foreign key, whose check would run a query per recorded call. Request headers and the response are JSON kept as
 * text, which keeps the key order and is not parsed again on the way in; `toast_tuple_target` keeps rows of a few kB
 * uncompressed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table webhook_payloads (
      event_id bigint primary key,
      space_id text not null,
      topic text not null,
      entity_type text not null,
      entity_id text not null,
      environment_id text not null,
      actor_id text,
      event_at timestamptz not null,
      body text not null
    ) with (toast_tuple_target = 8160);
    create table webhook_calls (
      space_id text not null,
      id text not null,
      seq bigint generated always as identity,
      webhook_id text not null,
      event_id bigint not null,
      attempt integer not null,
      topic text not null,
      entity_type text not null,
      entity_id text not null,
      environment_id text not null,
      actor_id text,
      event_at timestamptz not null,
      url text not null,
      status_code integer,
      errors jsonb not null default '[]',
      request_method text not null,
      request_headers text not null,
      request_body text not null,
      request_timeout integer not null,
      response text,
      request_at timestamptz not null,
      response_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (space_id, webhook_id, event_id, attempt)
    ) with (toast_tuple_target = 8160);
    create index webhook_calls_log on webhook_calls (space_id, webhook_id, seq desc)
  `,
  );
  await sql
    .raw(
      `create function webhook_calls_of_deleted_definitions() returns trigger language plpgsql as $$
    begin
      delete from webhook_calls as c using gone as g where c.space_id = g.space_id and c.webhook_id = g.id;
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger webhook_calls_of_deleted_definitions after delete on webhook_definitions
    referencing old table as gone for each statement execute function webhook_calls_of_deleted_definitions()`,
    )
    .execute(db);
}
