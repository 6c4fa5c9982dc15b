import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Invitations to organizations (`src/domain/members/`), and who made and last changed an organization membership.
 * An invitation keeps only the SHA-256 hash of the secret in its URL. Deleting a membership deletes its invitations.
 * A user is found by email case-insensitively when invited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    alter table organization_memberships add column created_by text, add column updated_by text;
    create index users_email_lower on users (lower(email));
    create table invitations (
      id text primary key,
      organization_id text not null references organizations(id) on delete cascade,
      organization_membership_id text not null references organization_memberships(id) on delete cascade,
      email text not null,
      first_name text,
      last_name text,
      role text not null check (role in ('owner', 'admin', 'developer', 'member')),
      status text not null default 'open' check (status in ('open', 'accepted')),
      token_hash text not null unique,
      user_id text references users(id) on delete set null,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index invitations_membership on invitations (organization_membership_id);
  `,
  );
}
