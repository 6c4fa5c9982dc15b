import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/** Transaction-local settings the triggers read (set through `repos.events.describeTransaction`). */
const EVENT_SETTINGS = {
  off: 'tessera.events',
  action: 'tessera.event_action',
  actor: 'tessera.actor',
} as const;

/**
 * The one stream of content events (issue 22): one row per change of an entry, asset or content type, written by
 * statement-level triggers in the transaction of the change, whatever wrote it (single statements, the batched
 * statements of several requests, activation, SQL typed by hand), so a rollback leaves no event and a commit no gap.
 * `snapshot` is the row as the change left it (`to_jsonb`; a delete: the row before), never updated afterwards.
 * Consumers claim undispatched events (`FOR UPDATE SKIP LOCKED` on the partial index) and mark them dispatched.
 *
 * The action of an updated row: publish when `published_counter` moved, unpublish when the published version went,
 * archive / unarchive when `archived_at` was set / cleared, else save (auto_save when the transaction says so) when
 * the version moved, else none (the cascade of an environment rename, a locale's or field's values removed).
 * Deletes of rows whose environment is gone (an environment's or space's deletion) and writes of a transaction
 * that turned events off (an environment copy) record nothing. No NOTIFY here: see 0015 for what it costs at commit.
 */
const TABLES = [
  { table: 'entries', type: 'Entry', archivable: true },
  { table: 'assets', type: 'Asset', archivable: true },
  { table: 'content_types', type: 'ContentType', archivable: false },
] as const;

const setting = (name: string) => `current_setting('${name}', true)`;
const UNLESS_OFF = `if ${setting(EVENT_SETTINGS.off)} = 'off' then return null; end if;`;
const COLUMNS = 'space_id, environment_id, entity_type, entity_id, action, snapshot, actor_id';

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

const inserted = (type: string) => `insert into content_events (${COLUMNS})
  select n.space_id, n.environment_id, '${type}', n.id, 'create', to_jsonb(n), n.updated_by from new_rows as n`;

const updated = (type: string, archivable: boolean) => `insert into content_events (${COLUMNS})
  select n.space_id, n.environment_id, '${type}', n.id, a.action, to_jsonb(n),
    case a.action when 'publish' then n.published_by ${archivable ? `when 'archive' then n.archived_by` : ''} else n.updated_by end
  from new_rows as n join old_rows as o on o.space_id = n.space_id and o.environment_id = n.environment_id and o.id = n.id
  cross join lateral (select ${actionOfUpdate(archivable)}) as a(action)
  where a.action is not null`;

const deleted = (type: string) => `insert into content_events (${COLUMNS})
  select o.space_id, o.environment_id, '${type}', o.id, 'delete', to_jsonb(o),
    coalesce(nullif(${setting(EVENT_SETTINGS.actor)}, ''), o.updated_by)
  from old_rows as o where exists (select from environments as v where v.space_id = o.space_id and v.id = o.environment_id)`;

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

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table content_events (
      id bigserial primary key,
      space_id text not null,
      environment_id text not null,
      entity_type text not null check (entity_type in ('Entry', 'Asset', 'ContentType')),
      entity_id text not null,
      action text not null check (action in ('create', 'save', 'auto_save', 'archive', 'unarchive', 'publish', 'unpublish', 'delete')),
      snapshot jsonb not null,
      actor_id text,
      occurred_at timestamptz not null default now(),
      dispatched_at timestamptz
    );
    create index content_events_undispatched on content_events (id) where dispatched_at is null
  `,
  );
  for (const { table, type, archivable } of TABLES) {
    // Updates join their old and new rows and deletes look up environments: planned for their size (0007).
    const functions = [
      plainFunction(`content_events_${table}_inserted`, inserted(type)),
      triggerFunction(`content_events_${table}_updated`, 'new_rows', [{ run: updated(type, archivable) }], UNLESS_OFF),
      triggerFunction(`content_events_${table}_deleted`, 'old_rows', [{ run: deleted(type) }], UNLESS_OFF),
    ];
    for (const statement of functions) await sql.raw(statement).execute(db);
    await executeStatements(
      db,
      `
      create trigger content_events_insert after insert on ${table} referencing new table as new_rows
        for each statement execute function content_events_${table}_inserted();
      create trigger content_events_update after update on ${table} referencing old table as old_rows new table as new_rows
        for each statement execute function content_events_${table}_updated();
      create trigger content_events_delete after delete on ${table} referencing old table as old_rows
        for each statement execute function content_events_${table}_deleted()
    `,
    );
  }
}

/*
 * Frozen copies of the SQL helpers of 0007, as this migration ran them: a migration never changes once
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
