import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Team space memberships (`src/domain/teams/team-space-memberships-service.ts`): a team's access to a space, as space
 * admin or with roles of the space (Role links in `roles`, the shape of `space_memberships.roles`). One per team and
 * space; deleting the team or the space deletes it. The access queries (`spaces.findAccessible`,
 * `memberRoles.rolesOf`) go from a space to its team space memberships, then to the user's team memberships.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table team_space_memberships (
      id text primary key,
      organization_id text not null references organizations(id) on delete cascade,
      space_id text not null references spaces(id) on delete cascade,
      team_id text not null references teams(id) on delete cascade,
      admin boolean not null,
      roles jsonb not null default '[]',
      version integer not null default 0,
      created_by text,
      updated_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (space_id, team_id)
    );
    create index team_space_memberships_team on team_space_memberships (team_id);
    create index team_space_memberships_organization on team_space_memberships (organization_id, created_at);
    create index team_space_memberships_roles on team_space_memberships using gin (roles jsonb_path_ops)
  `,
  );
}
