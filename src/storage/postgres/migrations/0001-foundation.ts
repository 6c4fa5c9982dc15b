import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/** Identity, spaces, environments, aliases, locales, API keys and the durable job queue. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table organizations (
      id text primary key,
      name text not null,
      version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table users (
      id text primary key,
      email text not null unique,
      first_name text,
      last_name text,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table organization_memberships (
      id text primary key,
      organization_id text not null references organizations(id) on delete cascade,
      user_id text not null references users(id) on delete cascade,
      role text not null check (role in ('owner', 'admin', 'developer', 'member')),
      status text not null default 'active' check (status in ('pending', 'active')),
      version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (organization_id, user_id)
    );
    create index organization_memberships_user on organization_memberships (user_id);
    create table personal_access_tokens (
      id text primary key,
      user_id text not null references users(id) on delete cascade,
      name text not null,
      scopes text[] not null,
      token_hash text not null unique,
      expires_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index personal_access_tokens_user on personal_access_tokens (user_id, created_at);
    create table spaces (
      id text primary key,
      organization_id text not null references organizations(id) on delete cascade,
      name text not null,
      version integer not null default 1,
      aliases_enabled boolean not null default false,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index spaces_organization on spaces (organization_id);
    create table space_memberships (
      id text primary key,
      space_id text not null references spaces(id) on delete cascade,
      user_id text not null references users(id) on delete cascade,
      admin boolean not null default false,
      roles jsonb not null default '[]',
      version integer not null default 0,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (space_id, user_id)
    );
    create index space_memberships_user on space_memberships (user_id);
    create table environments (
      space_id text not null references spaces(id) on delete cascade,
      id text not null,
      name text not null,
      status text not null check (status in ('queued', 'inProgress', 'ready', 'failed')),
      source_environment_id text,
      failure_reason text,
      version integer not null default 1,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, id)
    );
    create table environment_aliases (
      space_id text not null references spaces(id) on delete cascade,
      id text not null,
      environment_id text not null,
      version integer not null default 1,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, id),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete restrict
    );
    create table locales (
      space_id text not null,
      environment_id text not null,
      id text not null,
      code text not null,
      name text not null,
      fallback_code text,
      is_default boolean not null default false,
      content_management_api boolean not null default true,
      content_delivery_api boolean not null default true,
      optional boolean not null default false,
      version integer not null default 1,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, id),
      unique (space_id, environment_id, code),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade
    );
    create unique index locales_one_default on locales (space_id, environment_id) where is_default;
    create table api_keys (
      space_id text not null references spaces(id) on delete cascade,
      id text not null,
      name text not null,
      description text,
      access_token text not null unique,
      preview_key_id text not null,
      preview_access_token text not null unique,
      version integer not null default 0,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, id),
      unique (space_id, preview_key_id)
    );
    create table api_key_environments (
      space_id text not null,
      api_key_id text not null,
      environment_id text not null,
      position integer not null,
      primary key (space_id, api_key_id, environment_id),
      foreign key (space_id, api_key_id) references api_keys(space_id, id) on delete cascade
    );
    create index api_key_environments_env on api_key_environments (space_id, environment_id);
    create table jobs (
      id bigserial primary key,
      kind text not null,
      payload jsonb not null,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      attempts integer not null default 0,
      run_at timestamptz not null default now(),
      locked_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index jobs_claimable on jobs (run_at) where status in ('queued', 'running');
  `,
  );
}
