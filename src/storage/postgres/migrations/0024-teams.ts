import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Teams of an organization and their memberships (`src/domain/teams/`). A team's name is unique in its organization.
 * A team membership names an organization membership of the same organization: deleting either the team or the
 * organization membership deletes the team membership.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table teams (
      id text primary key,
      organization_id text not null references organizations(id) on delete cascade,
      name text not null,
      description text,
      version integer not null default 0,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (organization_id, name)
    );
    create index teams_created on teams (organization_id, created_at);
    create table team_memberships (
      id text primary key,
      organization_id text not null references organizations(id) on delete cascade,
      team_id text not null references teams(id) on delete cascade,
      organization_membership_id text not null references organization_memberships(id) on delete cascade,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (team_id, organization_membership_id)
    );
    create index team_memberships_team on team_memberships (team_id, created_at);
    create index team_memberships_organization on team_memberships (organization_id, created_at);
    create index team_memberships_membership on team_memberships (organization_membership_id);
  `,
  );
}
