import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The App framework (`src/domain/apps/`): definitions of an organization with their keys (a key's fingerprint is
 * its primary key, so one key pair never serves two apps) and event subscription, installations per environment
 * (copied with the environment) and the app access tokens issued to them (by hash; gone with their installation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table app_definitions (
      id text primary key,
      organization_id text not null references organizations(id) on delete cascade,
      name text not null,
      src text,
      locations jsonb,
      parameters jsonb,
      version integer not null default 0,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index app_definitions_organization on app_definitions (organization_id, created_at, id);
    create table app_keys (
      fingerprint text primary key,
      app_definition_id text not null references app_definitions(id) on delete cascade,
      jwk jsonb not null,
      public_key_pem text not null,
      created_by text,
      created_at timestamptz not null default now()
    );
    create index app_keys_app on app_keys (app_definition_id, created_at);
    create table app_event_subscriptions (
      app_definition_id text primary key references app_definitions(id) on delete cascade,
      target_url text not null,
      topics text[] not null,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table app_installations (
      space_id text not null,
      environment_id text not null,
      app_definition_id text not null references app_definitions(id) on delete cascade,
      parameters jsonb,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, app_definition_id),
      foreign key (space_id, environment_id) references environments(space_id, id) on delete cascade
    );
    create index app_installations_app on app_installations (app_definition_id);
    create table app_access_tokens (
      token_hash text primary key,
      space_id text not null,
      environment_id text not null,
      app_definition_id text not null,
      expires_at timestamptz not null,
      foreign key (space_id, environment_id, app_definition_id)
        references app_installations(space_id, environment_id, app_definition_id) on delete cascade
    );
    create index app_access_tokens_installation on app_access_tokens (space_id, environment_id, app_definition_id);
    create index app_access_tokens_expiry on app_access_tokens (expires_at)
  `,
  );
}
