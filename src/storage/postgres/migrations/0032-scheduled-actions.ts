import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Scheduled actions (`src/domain/scheduled-actions/`): a publish or unpublish of an entry or asset at a time, run by
 * a durable job. The environment is the one the action was created in (an alias resolved); renaming it (the `master`
 * alias opt-in) renames theirs, deleting it deletes its actions. Lists read one environment in `scheduled_for` order
 * (`scheduled_actions_order`, the cursor's keys); the limit of pending actions counts `scheduled_actions_pending`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table scheduled_actions (
      space_id text not null,
      environment_id text not null,
      id text not null,
      entity_type text not null check (entity_type in ('Entry', 'Asset')),
      entity_id text not null,
      action text not null check (action in ('publish', 'unpublish')),
      scheduled_for timestamptz not null,
      timezone text,
      status text not null default 'scheduled'
        check (status in ('scheduled', 'inProgress', 'succeeded', 'failed', 'canceled')),
      error jsonb,
      version integer not null default 1,
      created_by text not null,
      updated_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      canceled_at timestamptz,
      canceled_by text,
      primary key (space_id, id),
      foreign key (space_id, environment_id) references environments(space_id, id) on update cascade on delete cascade
    );
    create index scheduled_actions_order on scheduled_actions (space_id, environment_id, scheduled_for, id);
    create index scheduled_actions_pending on scheduled_actions (space_id, environment_id)
      where status in ('scheduled', 'inProgress')
  `,
  );
}
