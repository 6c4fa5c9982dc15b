import { sql } from 'kysely';
import type { LocalizedFields } from '../port/content.ts';
import type { LinkState } from '../port/entries.ts';
import type { Executor } from './executor.ts';
import type { Sql } from './search/sql-values.ts';

/** One link of an entry: where it sits (field, locale, occurrence) and what it points at. */
export interface LinkOccurrence {
  fieldId: string;
  locale: string;
  position: number;
  targetType: 'Entry' | 'Asset';
  targetId: string;
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

function asLink(value: unknown): { targetType: 'Entry' | 'Asset'; targetId: string } | undefined {
  const sys = isObject(value) ? value.sys : undefined;
  if (!isObject(sys) || sys.type !== 'Link' || typeof sys.id !== 'string') return undefined;
  return sys.linkType === 'Entry' || sys.linkType === 'Asset'
    ? { targetType: sys.linkType, targetId: sys.id }
    : undefined;
}

/** Links inside a Rich Text document: the `data.target` of embedded and hyperlink nodes, in document order. */
function richTextTargets(node: unknown, into: Array<{ targetType: 'Entry' | 'Asset'; targetId: string }>): void {
  if (!isObject(node)) return;
  const target = isObject(node.data) ? asLink(node.data.target) : undefined;
  if (target) into.push(target);
  if (Array.isArray(node.content)) for (const child of node.content) richTextTargets(child, into);
}

/**
 * Every link of the given fields: a Link value, the links of an Array, and the targets of a Rich Text document.
 * The caller passes only the fields whose type can hold links.
 */
export function linksIn(fields: LocalizedFields | null): LinkOccurrence[] {
  const found: LinkOccurrence[] = [];
  for (const [fieldId, perLocale] of Object.entries(fields ?? {})) {
    if (!isObject(perLocale)) continue;
    for (const [locale, value] of Object.entries(perLocale)) {
      const targets: Array<{ targetType: 'Entry' | 'Asset'; targetId: string }> = [];
      const single = asLink(value);
      if (single) targets.push(single);
      else if (Array.isArray(value))
        for (const item of value) {
          const l = asLink(item);
          if (l) targets.push(l);
        }
      else if (isObject(value) && value.nodeType === 'document') richTextTargets(value, targets);
      targets.forEach((t, position) => found.push({ fieldId, locale, position, ...t }));
    }
  }
  return found;
}

/** Links as five parallel columns (field, locale, position, target type, target id). */
export interface LinkColumns {
  fieldIds: string[];
  locales: string[];
  positions: number[];
  targetTypes: string[];
  targetIds: string[];
}

export function linkColumns(fields: LocalizedFields | null): LinkColumns {
  const links = linksIn(fields);
  return {
    fieldIds: links.map((l) => l.fieldId),
    locales: links.map((l) => l.locale),
    positions: links.map((l) => l.position),
    targetTypes: links.map((l) => l.targetType),
    targetIds: links.map((l) => l.targetId),
  };
}

/** Link columns bound as `unnest(...)`: one statement text whatever their number. */
export function unnestLinks(c: LinkColumns): Sql {
  return sql`unnest(${c.fieldIds}::text[], ${c.locales}::text[], ${c.positions}::int[],
    ${c.targetTypes}::text[], ${c.targetIds}::text[]) as n(field_id, locale, position, target_type, target_id)`;
}

/** The links of `fields` as five parallel arrays, bound as `unnest(...)`. */
const linkArrays = (fields: LocalizedFields | null): Sql => unnestLinks(linkColumns(fields));

/** The bit of a state in a link row's `states`: a row holds a link of the draft (1), of the published side (2) or both (3). */
export const LINK_STATE_BITS: Readonly<Record<LinkState, number>> = { draft: 1, published: 2 };

/** Whether a link row's `states` holds `state`. */
export const inLinkState = (states: Sql, state: LinkState): Sql =>
  sql`(${states} & ${sql.lit(LINK_STATE_BITS[state])}) <> 0`;

const LINK_KEY = sql`(space_id, environment_id, source_id, field_id, locale, position, target_type, target_id)`;

/** Inserts the link rows `n` (a relation with the key columns) in `state`; a row that exists gains the state. */
const putLinks = (state: LinkState, rows: Sql): Sql => sql`insert into entry_links as x
      (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
    select n.space_id, n.environment_id, n.source_id, n.field_id, n.locale, n.position, n.target_type, n.target_id, ${sql.lit(LINK_STATE_BITS[state])}
    from ${rows}
    on conflict ${LINK_KEY} do update set states = x.states | excluded.states where (x.states & excluded.states) = 0`;

/**
 * CTEs (to follow a `with`, after the caller's `links_new`) that make the `state` side of the link index of the entries
 * in `sources` (a relation aliased `w` with `space_id`, `environment_id` and `id`) hold exactly the rows of `links_new`
 * (the key columns, `source_id` naming the entry). A row whose link is gone from that side loses the state, and goes
 * when it holds no other; a new link is written, or gains the state where the other side has it already. A row
 * changes only where the state is gained or lost: a publish of links the draft has turns the draft's rows into rows
 * of both states in place (an update of a column no index holds, so PostgreSQL can keep it on its page). The three
 * touch different rows (those of `links_new` or not), so they cannot conflict.
 */
export function linkStateCtes(state: LinkState, sources: Sql): Sql {
  const bit = sql.lit(LINK_STATE_BITS[state]);
  const ofSources = sql`x.space_id = w.space_id and x.environment_id = w.environment_id and x.source_id = w.id`;
  const kept = sql`exists (select from links_new as n where n.space_id = x.space_id and n.environment_id = x.environment_id
      and n.source_id = x.source_id and n.field_id = x.field_id and n.locale = x.locale and n.position = x.position
      and n.target_type = x.target_type and n.target_id = x.target_id)`;
  return sql`links_gone as (delete from entry_links as x using ${sources} where ${ofSources} and x.states = ${bit} and not ${kept}),
    links_left as (update entry_links as x set states = x.states - ${bit} from ${sources} where ${ofSources} and x.states = 3 and not ${kept}),
    links_put as (${putLinks(state, sql`links_new as n`)})`;
}

/** One entry, as the relation `w` of `linkStateCtes`, when `written` (a relation) has a row. */
const entryIfWritten = (spaceId: string, environmentId: string, entryId: string, written: Sql): Sql =>
  sql`(select ${spaceId}::text as space_id, ${environmentId}::text as environment_id, ${entryId}::text as id where exists (select from ${written})) as w`;

/** The links `links` (`linkArrays`) of one entry as the key columns of `linkStateCtes`' `links_new`. */
const linksOfEntry = (spaceId: string, environmentId: string, entryId: string, links: Sql, written: Sql): Sql =>
  sql`select ${spaceId}::text as space_id, ${environmentId}::text as environment_id, ${entryId}::text as source_id, n.*
    from ${links} where exists (select from ${written})`;

/**
 * CTEs (to follow a `with`) that make the index rows of one entry and state those of `links` (`linkArrays`), when
 * `written` (a relation) has a row (see `linkStateCtes`).
 */
export function replaceLinksCtes(
  spaceId: string,
  environmentId: string,
  entryId: string,
  state: LinkState,
  links: Sql,
  written: Sql,
): Sql {
  return sql`links_new as (${linksOfEntry(spaceId, environmentId, entryId, links, written)}),
    ${linkStateCtes(state, entryIfWritten(spaceId, environmentId, entryId, written))}`;
}

/**
 * A CTE (to follow a `with`) that writes the index rows of `links` (`linkArrays`) for an entry `written` (a relation)
 * has just created: it has no rows to replace (deleting an entry deletes its rows, migration 0009).
 */
export function createdLinksCte(
  spaceId: string,
  environmentId: string,
  entryId: string,
  state: LinkState,
  links: Sql,
  written: Sql,
): Sql {
  return sql`links_put as (${putLinks(state, sql`(${linksOfEntry(spaceId, environmentId, entryId, links, written)}) as n`)})`;
}

/** Inserts the rows `links_new` (a CTE of the key columns) of entries just created, in `state` (see `putLinks`). */
export const createdLinksOf = (state: LinkState): Sql => putLinks(state, sql`links_new as n`);

/**
 * Replaces the index rows of one entry and state with the links of `fields`, in one statement. A `created` entry
 * has none to replace: deleting an entry deletes its rows (migration 0009), so none remain under its id.
 */
export async function replaceEntryLinks(
  db: Executor,
  spaceId: string,
  environmentId: string,
  entryId: string,
  state: LinkState,
  fields: LocalizedFields | null,
  created = false,
): Promise<void> {
  if (created && linksIn(fields).length === 0) return;
  await sql`with ${replaceLinksCtes(spaceId, environmentId, entryId, state, linkArrays(fields), sql`(select) as always`)} select`.execute(
    db,
  );
}
