import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Webhook definitions (`src/domain/webhooks/`) and the signing secret of each space. Secret header values and the
 * basic-auth password are stored as sent (calls need them) and never presented. `transformation` is `json`, not
 * `jsonb`: its body is sent to receivers and keeps the key order it was given in. The dispatcher reads the active
 * definitions of the spaces of a batch of events (`webhook_definitions_active`). Deleting the space deletes both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table webhook_definitions (
      space_id text not null references spaces(id) on delete cascade,
      id text not null,
      name text not null,
      url text not null,
      topics jsonb not null,
      filters jsonb,
      headers jsonb not null default '[]',
      http_basic_username text,
      http_basic_password text,
      active boolean not null default true,
      transformation json,
      version integer not null default 0,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, id)
    );
    create index webhook_definitions_active on webhook_definitions (space_id, created_at) where active;
    create table webhook_signing_secrets (
      space_id text primary key references spaces(id) on delete cascade,
      value text not null,
      version integer not null default 1,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `,
  );
}
