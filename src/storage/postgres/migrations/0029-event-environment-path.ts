import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/** The transaction-local setting naming the environment id the request used (set through `describeTransaction`). */
const REQUESTED_ENVIRONMENT_SETTING = 'tessera.requested_environment';

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

/*
 * Frozen copies of the SQL helpers of 0007 and 0026, as this migration ran them: a migration never changes once
 * released, so it imports no other migration's code.
 */

/** A step of a trigger: a statement, or a query whose `false` ends the trigger (nothing to do). */
type Step = { run: string } | { continueIf: string };

/** Most statements touch a few rows (one entry's write); bulk ones (a clone, a rename over every entry) many. */
const FEW_ROWS = 50;

/**
 * A statement-level trigger function. PL/pgSQL keeps the plan of a static statement from its first run, made for
 * the row count of that run's transition tables; a plan made for one row (index lookups, nested loops) is ruinous
 * for 100,000 and the other way round. So the static statements only ever see a few rows, and a bulk statement
 * runs the same SQL through EXECUTE, planned for its real size.
 */
function triggerFunction(name: string, rows: string, steps: Step[], first = ''): string {
  const fixed = steps.map((s) => ('run' in s ? `${s.run};` : `if not (${s.continueIf}) then return null; end if;`));
  const planned = steps.map((s) =>
    'run' in s
      ? `execute $q$${s.run}$q$;`
      : `execute $q$select ${s.continueIf}$q$ into go; if not go then return null; end if;`,
  );
  return `create function ${name}() returns trigger language plpgsql as $$
declare go boolean;
begin
  ${first}
  if (select count(*) from ${rows}) <= ${FEW_ROWS} then
    ${fixed.join('\n    ')}
  else
    ${planned.join('\n    ')}
  end if;
  return null;
end $$`;
}

/** Transaction-local settings the triggers read (set through `repos.events.describeTransaction`). */
const EVENT_SETTINGS = {
  off: 'tessera.events',
  action: 'tessera.event_action',
  actor: 'tessera.actor',
} as const;

const TABLES = [
  { table: 'entries', type: 'Entry', archivable: true },
  { table: 'assets', type: 'Asset', archivable: true },
  { table: 'content_types', type: 'ContentType', archivable: false },
] as const;

const setting = (name: string) => `current_setting('${name}', true)`;
const UNLESS_OFF = `if ${setting(EVENT_SETTINGS.off)} = 'off' then return null; end if;`;

const actionOfUpdate = (archivable: boolean) => `case
      when n.published_counter <> o.published_counter then 'publish'
      when o.published_version is not null and n.published_version is null then 'unpublish'
      ${
        archivable
          ? `when o.archived_at is null and n.archived_at is not null then 'archive'
      when o.archived_at is not null and n.archived_at is null then 'unarchive'`
          : ''
      }
      when n.version <> o.version then case when ${setting(EVENT_SETTINGS.action)} = 'auto_save' then 'auto_save' else 'save' end
    end`;

/** An insert reads only its new rows: one plan fits every size. */
const plainFunction = (
  name: string,
  statement: string,
) => `create function ${name}() returns trigger language plpgsql as $$
begin
  ${UNLESS_OFF}
  ${statement};
  return null;
end $$`;
