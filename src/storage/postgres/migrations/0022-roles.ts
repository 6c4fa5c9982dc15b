import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Roles of spaces. `permissions` and `policies` keep the validated wire form (the domain reads them into its policy
 * model); the name is unique in the space. Space memberships link roles in their `roles` jsonb array (0001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table roles (
      space_id text not null references spaces(id) on delete cascade,
      id text not null,
      name text not null,
      description text,
      permissions jsonb not null,
      policies jsonb not null default '[]',
      version integer not null default 0,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (space_id, id),
      unique (space_id, name)
    );
    create index space_memberships_roles on space_memberships using gin (roles jsonb_path_ops)
  `,
  );
}
