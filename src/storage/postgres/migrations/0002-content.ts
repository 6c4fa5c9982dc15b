import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The content of an environment: content types (draft definition and the activated one), editor interfaces,
 * UI extensions, tags, entries and assets (draft fields and the published snapshot side by side), the reverse
 * link index that answers `links_to_entry` and GraphQL `linkedFrom`, and publish snapshots.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table content_types (
      space_id text not null,
      environment_id text not null,
      id text not null,
      name text not null,
      description text,
      display_field text,
      fields jsonb not null default '[]',
      version integer not null default 1,
      published jsonb,
      published_version integer,
      published_counter integer not null default 0,
      published_at timestamptz,
      published_by text,
      first_published_at timestamptz,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, id),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade
    );
    create table editor_interfaces (
      space_id text not null,
      environment_id text not null,
      content_type_id text not null,
      controls jsonb not null default '[]',
      sidebar jsonb,
      editors jsonb,
      editor_layout jsonb,
      group_controls jsonb,
      version integer not null default 1,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, content_type_id),
      foreign key (space_id, environment_id, content_type_id) references content_types(space_id, environment_id, id) on update cascade on delete cascade
    );
    create table extensions (
      space_id text not null,
      environment_id text not null,
      id text not null,
      extension jsonb not null,
      parameters jsonb not null default '{}',
      version integer not null default 1,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, id),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade
    );
    create table tags (
      space_id text not null,
      environment_id text not null,
      id text not null,
      name text not null,
      visibility text not null default 'private' check (visibility in ('public', 'private')),
      version integer not null default 1,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, id),
      unique (space_id, environment_id, name),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade
    );
    create table entries (
      space_id text not null,
      environment_id text not null,
      id text not null,
      content_type_id text not null,
      fields jsonb not null default '{}',
      tags text[] not null default '{}',
      version integer not null default 1,
      published_fields jsonb,
      published_tags text[],
      published_version integer,
      published_counter integer not null default 0,
      published_at timestamptz,
      published_by text,
      first_published_at timestamptz,
      archived_version integer,
      archived_at timestamptz,
      archived_by text,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, id),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade,
      foreign key (space_id, environment_id, content_type_id) references content_types(space_id, environment_id, id) on update cascade
    );
    create index entries_by_content_type on entries (space_id, environment_id, content_type_id, created_at, id);
    create index entries_fields on entries using gin (fields jsonb_path_ops);
    create table assets (
      space_id text not null,
      environment_id text not null,
      id text not null,
      fields jsonb not null default '{}',
      tags text[] not null default '{}',
      version integer not null default 1,
      published_fields jsonb,
      published_tags text[],
      published_version integer,
      published_counter integer not null default 0,
      published_at timestamptz,
      published_by text,
      first_published_at timestamptz,
      archived_version integer,
      archived_at timestamptz,
      archived_by text,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, environment_id, id),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade
    );
    create index assets_created on assets (space_id, environment_id, created_at, id);
    create table entry_links (
      space_id text not null,
      environment_id text not null,
      source_id text not null,
      state text not null check (state in ('draft', 'published')),
      field_id text not null,
      locale text not null,
      position integer not null default 0,
      target_type text not null check (target_type in ('Entry', 'Asset')),
      target_id text not null,
      primary key (space_id, environment_id, source_id, state, field_id, locale, position),
      foreign key (space_id, environment_id, source_id) references entries(space_id, environment_id, id) on update cascade on delete cascade
    );
    create index entry_links_target on entry_links (space_id, environment_id, target_type, target_id, state);
    create table snapshots (
      space_id text not null,
      environment_id text not null,
      id text not null,
      entity_type text not null check (entity_type in ('Entry', 'ContentType')),
      entity_id text not null,
      snapshot jsonb not null,
      created_by text,
      created_at timestamptz not null default now(),
      primary key (space_id, environment_id, id),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade
    );
    create index snapshots_by_entity on snapshots (space_id, environment_id, entity_type, entity_id, created_at)
  `,
  );
}
