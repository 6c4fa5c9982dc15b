import { sql, type Kysely } from 'kysely';
import { triggerFunction } from './0007-entry-values.ts';
import { actionOfUpdate, EVENT_SETTINGS, plainFunction, setting, TABLES, UNLESS_OFF } from './0026-content-events.ts';
import { executeStatements } from './execute-statements.ts';

/** The transaction-local setting naming the environment id the request used (set through `describeTransaction`). */
export const REQUESTED_ENVIRONMENT_SETTING = 'tessera.requested_environment';

/**
 * Webhooks on an environment alias fire only for writes made through that alias's path (issue 22), so each event
 * records the environment id the request named: `requested_environment_id`, null when that is the environment's own
 * id (the common path stores and sets nothing), else the alias id, from the transaction's setting (a transactional
 * write describes it; a batched statement outside transactions sets it itself, one path per statement). Writes
 * without a request (SQL by hand, jobs that name none) record null. The trigger functions of 0026 are redefined with
 * that column; their statement-level design and their actions are unchanged.
 *
 * `content_events_pending_auto_saves` finds the other waiting auto_save events of an entity when the dispatcher
 * coalesces them (only auto_save events are in it, and only until dispatched).
 */
const COLUMNS =
  'space_id, environment_id, requested_environment_id, entity_type, entity_id, action, snapshot, actor_id';

/** The id the request named when it differs from the row's environment. */
const requested = (row: string) =>
  `nullif(nullif(${setting(REQUESTED_ENVIRONMENT_SETTING)}, ''), ${row}.environment_id)`;

const inserted = (type: string) => `insert into content_events (${COLUMNS})
  select n.space_id, n.environment_id, ${requested('n')}, '${type}', n.id, 'create', to_jsonb(n), n.updated_by from new_rows as n`;

const updated = (type: string, archivable: boolean) => `insert into content_events (${COLUMNS})
  select n.space_id, n.environment_id, ${requested('n')}, '${type}', n.id, a.action, to_jsonb(n),
    case a.action when 'publish' then n.published_by ${archivable ? `when 'archive' then n.archived_by` : ''} else n.updated_by end
  from new_rows as n join old_rows as o on o.space_id = n.space_id and o.environment_id = n.environment_id and o.id = n.id
  cross join lateral (select ${actionOfUpdate(archivable)}) as a(action)
  where a.action is not null`;

const deleted = (type: string) => `insert into content_events (${COLUMNS})
  select o.space_id, o.environment_id, ${requested('o')}, '${type}', o.id, 'delete', to_jsonb(o),
    coalesce(nullif(${setting(EVENT_SETTINGS.actor)}, ''), o.updated_by)
  from old_rows as o where exists (select from environments as v where v.space_id = o.space_id and v.id = o.environment_id)`;

const orReplace = (definition: string) => definition.replace(/^create function /, 'create or replace function ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    alter table content_events add column requested_environment_id text;
    create index content_events_pending_auto_saves on content_events (space_id, environment_id, entity_id)
      where dispatched_at is null and action = 'auto_save'
  `,
  );
  for (const { table, type, archivable } of TABLES) {
    const functions = [
      plainFunction(`content_events_${table}_inserted`, inserted(type)),
      triggerFunction(`content_events_${table}_updated`, 'new_rows', [{ run: updated(type, archivable) }], UNLESS_OFF),
      triggerFunction(`content_events_${table}_deleted`, 'old_rows', [{ run: deleted(type) }], UNLESS_OFF),
    ];
    for (const statement of functions) await sql.raw(orReplace(statement)).execute(db);
  }
}
