import { sql } from 'kysely';
import { keyOf } from './batch-binding.ts';
import { compiledOnce } from './compiled-once.ts';
import { inLinkState } from './entry-links.ts';
import type { Executor } from './executor.ts';
import type { Sql } from './search/sql-values.ts';

/** Entries of one environment named by id. */
export interface EntryIds {
  spaceId: string;
  environmentId: string;
  ids: string[];
}

/** What publish-time validation asks of a linked entry. */
export interface LinkedEntry {
  contentTypeId: string;
  published: boolean;
}

/**
 * The entry `id` of one environment read by its key, for a LATERAL join: `offset 0` keeps it a lookup per outer row
 * (the only index that the key leads is the primary key, migration 0021), which the planner cannot turn into a join
 * scanning the environment when tables without statistics make every estimate one row.
 */
const entryById = (spaceId: Sql, environmentId: Sql, id: Sql, columns: Sql, alias: string): Sql => sql`select ${columns}
  from entries as ${sql.id(alias)} where ${sql.ref(`${alias}.space_id`)} = ${spaceId} and ${sql.ref(`${alias}.environment_id`)} = ${environmentId}
    and ${sql.ref(`${alias}.id`)} = ${id} offset 0`;

/** The entries `ids` (a bound text array) of one environment, one lookup by key each, as the relation `e`. */
const entriesByIds = (k: EntryIds, columns: Sql): Sql => sql`unnest(${k.ids}::text[]) as k(id)
  cross join lateral (${entryById(sql`${k.spaceId}::text`, sql`${k.environmentId}::text`, sql`k.id`, columns, 'e')}) as e`;

/**
 * `[[id, content type, published], ...]` of the entries that the links `l` of the entry `e` point to (the last two null
 * for a missing target): what publish validation asks of them. `links` is a relation aliased `l` with `target_type`
 * and `target_id`, `where` picks the rows of `e`.
 */
export const entryTargetsOf = (links: Sql, where: Sql): Sql => sql`(
    select coalesce(jsonb_agg(jsonb_build_array(l.target_id, t.content_type_id, t.published_version is not null)), '[]'::jsonb)
    from ${links} left join lateral (${entryById(sql`e.space_id`, sql`e.environment_id`, sql`l.target_id`, sql`t.content_type_id, t.published_version`, 't')}) as t on true
    where ${where} and l.target_type = 'Entry')`;

/**
 * With each row, what publish validation asks of the entries its draft links to (`draft_link_targets`), read from
 * the link index in the same statement: a publish reads the entry and then asks that.
 */
const rowsOf = compiledOnce(
  (k: EntryIds) => sql`select e.*, ${entryTargetsOf(
    sql`entry_links l`,
    sql`l.space_id = e.space_id and l.environment_id = e.environment_id and l.source_id = e.id and ${inLinkState(sql`l.states`, 'draft')}`,
  )} as draft_link_targets
  from ${entriesByIds(k, sql`e.*`)}`,
);

/** The entries a found entry's draft links to, by id, as read with it; undefined for a target that did not exist. */
export type LinkTargets = Map<string, LinkedEntry | undefined>;

const linkTargetsOfRecord = new WeakMap<object, LinkTargets>();

/** Remembers, for the record made of `row`, the link targets read (or written) with it (`draft_link_targets`). */
export function rememberLinkTargets(record: object, row: Record<string, unknown>): void {
  const targets = row.draft_link_targets as Array<[string, string | null, boolean | null]> | undefined;
  if (!targets) return;
  linkTargetsOfRecord.set(
    record,
    new Map(
      targets.map(([id, contentTypeId, published]) => [
        id,
        contentTypeId === null ? undefined : { contentTypeId, published: published === true },
      ]),
    ),
  );
}

/** The link targets read with `record`, when a batched find or insert made it. */
export const linkTargetsReadWith = (record: object): LinkTargets | undefined => linkTargetsOfRecord.get(record);

const linkedOf = compiledOnce(
  (k: EntryIds) => sql`select e.id, e.content_type_id, e.published_version
  from ${entriesByIds(k, sql`e.id, e.content_type_id, e.published_version`)}`,
);

/** The rows of `ids` (each id once) of one environment, by id; one statement whatever their number. */
export async function findEntryRows(db: Executor, key: EntryIds): Promise<Map<string, Record<string, unknown>>> {
  const { rows } = await rowsOf<Record<string, unknown>>(db, { ...key, ids: [...new Set(key.ids)] });
  return new Map(rows.map((r) => [r.id as string, r]));
}

/** The content type and published state of the entries of `ids` that exist, by id; one statement. */
export async function findLinkedEntries(db: Executor, key: EntryIds): Promise<Map<string, LinkedEntry>> {
  const found = new Map<string, LinkedEntry>();
  if (key.ids.length === 0) return found;
  const { rows } = await linkedOf<{ id: string; content_type_id: string; published_version: number | null }>(db, {
    ...key,
    ids: [...new Set(key.ids)],
  });
  for (const r of rows) found.set(r.id, { contentTypeId: r.content_type_id, published: r.published_version !== null });
  return found;
}

/** Answers the calls of several callers with one call per environment of all their ids, each caller its own. */
export function together<A>(find: (db: Executor, key: EntryIds) => Promise<Map<string, A>>, db: Executor) {
  return async (keys: EntryIds[]): Promise<Array<Map<string, A>>> => {
    const environments = new Map<string, EntryIds>();
    for (const k of keys) {
      const at = keyOf(k.spaceId, k.environmentId);
      const all = environments.get(at) ?? { spaceId: k.spaceId, environmentId: k.environmentId, ids: [] };
      all.ids.push(...k.ids);
      environments.set(at, all);
    }
    const found = new Map<string, Map<string, A>>();
    for (const [at, all] of environments) found.set(at, await find(db, all));
    return keys.map((k) => {
      const all = found.get(keyOf(k.spaceId, k.environmentId))!;
      return new Map(k.ids.filter((id) => all.has(id)).map((id) => [id, all.get(id)!]));
    });
  };
}
