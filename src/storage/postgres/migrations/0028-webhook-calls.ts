import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The webhook call log and its delivery state (`src/domain/webhooks/dispatch*.ts`, `delivery*.ts`). One row per
 * attempt: the dispatcher inserts attempt 1 of every (event, webhook) as `pending` in the transaction that marks the
 * event dispatched (the unique key makes that fan-out happen once), the delivery job sends it and records the
 * request, response and errors (`done`), and a retry is the next attempt's pending row. `payload` is the body as
 * rendered from the event's committed entity; it and the recorded request and response are `json`, which keeps the
 * key order receivers got. Deleting the webhook deletes its calls; `seq` orders the log, of which the newest 500
 * done calls per webhook are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(db, `
    create table webhook_calls (
      space_id text not null,
      id text not null,
      seq bigint generated always as identity,
      webhook_id text not null,
      event_id bigint not null,
      attempt integer not null default 1,
      status text not null default 'pending' check (status in ('pending', 'done')),
      topic text not null,
      entity_type text not null,
      entity_id text not null,
      environment_id text not null,
      actor_id text,
      event_at timestamptz not null,
      payload json not null,
      url text,
      status_code integer,
      errors jsonb not null default '[]',
      request json,
      response json,
      request_at timestamptz,
      response_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (space_id, id),
      unique (space_id, webhook_id, event_id, attempt),
      foreign key (space_id, webhook_id) references webhook_definitions (space_id, id) on delete cascade
    );
    create index webhook_calls_log on webhook_calls (space_id, webhook_id, seq desc) where status = 'done'
  `);
}
