import { sql } from 'kysely';
import type { LocalizedFields } from '../port/content.ts';
import type { LinkState } from '../port/entries.ts';
import type { Executor } from './executor.ts';
import type { Sql } from './search/sql-values.ts';

/** One link of an entry: where it sits (field, locale, occurrence) and what it points at. */
export interface LinkOccurrence { fieldId: string; locale: string; position: number; targetType: 'Entry' | 'Asset'; targetId: string; }

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

function asLink(value: unknown): { targetType: 'Entry' | 'Asset'; targetId: string } | undefined {
  const sys = isObject(value) ? value.sys : undefined;
  if (!isObject(sys) || sys.type !== 'Link' || typeof sys.id !== 'string') return undefined;
  return sys.linkType === 'Entry' || sys.linkType === 'Asset' ? { targetType: sys.linkType, targetId: sys.id } : undefined;
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
      else if (Array.isArray(value)) for (const item of value) { const l = asLink(item); if (l) targets.push(l); }
      else if (isObject(value) && value.nodeType === 'document') richTextTargets(value, targets);
      targets.forEach((t, position) => found.push({ fieldId, locale, position, ...t }));
    }
  }
  return found;
}

/** Links as five parallel columns (field, locale, position, target type, target id). */
export interface LinkColumns { fieldIds: string[]; locales: string[]; positions: number[]; targetTypes: string[]; targetIds: string[]; }

export function linkColumns(fields: LocalizedFields | null): LinkColumns {
  const links = linksIn(fields);
  return {
    fieldIds: links.map((l) => l.fieldId), locales: links.map((l) => l.locale), positions: links.map((l) => l.position),
    targetTypes: links.map((l) => l.targetType), targetIds: links.map((l) => l.targetId),
  };
}

/** Link columns bound as `unnest(...)`: one statement text whatever their number. */
export function unnestLinks(c: LinkColumns): Sql {
  return sql`unnest(${c.fieldIds}::text[], ${c.locales}::text[], ${c.positions}::int[],
    ${c.targetTypes}::text[], ${c.targetIds}::text[]) as n(field_id, locale, position, target_type, target_id)`;
}

/** The links of `fields` as five parallel arrays, bound as `unnest(...)`. */
const linkArrays = (fields: LocalizedFields | null): Sql => unnestLinks(linkColumns(fields));

/** Writes the index rows of `rows` (link columns as `n`) that `where` keeps; a position linked elsewhere is updated. */
function insertLinks(spaceId: string, environmentId: string, entryId: string, state: LinkState, rows: Sql, where: Sql): Sql {
  return sql`insert into entry_links (space_id, environment_id, source_id, state, field_id, locale, position, target_type, target_id)
      select ${spaceId}::text, ${environmentId}::text, ${entryId}::text, ${state}::text, n.field_id, n.locale, n.position, n.target_type, n.target_id
      from ${rows} where ${where}
      on conflict (space_id, environment_id, source_id, state, field_id, locale, position)
      do update set target_type = excluded.target_type, target_id = excluded.target_id`;
}

/**
 * CTEs (to follow a `with`) that make the index rows of one entry and state those of `links` (`linkArrays`), when
 * `written` (a relation) has a row: rows of positions no longer linked go, new or changed ones are written, and rows
 * that did not change are left alone. The two touch different keys, so they cannot conflict.
 */
export function replaceLinksCtes(
  spaceId: string, environmentId: string, entryId: string, state: LinkState, links: Sql, written: Sql,
): Sql {
  const own = sql`x.space_id = ${spaceId}::text and x.environment_id = ${environmentId}::text and x.source_id = ${entryId}::text and x.state = ${state}::text`;
  return sql`links_new as (select n.* from ${links} where exists (select from ${written})),
    links_gone as (delete from entry_links as x where ${own} and exists (select from ${written})
      and not exists (select from links_new as n where n.field_id = x.field_id and n.locale = x.locale and n.position = x.position)),
    links_put as (${insertLinks(spaceId, environmentId, entryId, state, sql`links_new as n`, sql`not exists (select from entry_links as x where ${own}
        and x.field_id = n.field_id and x.locale = n.locale and x.position = n.position and x.target_type = n.target_type and x.target_id = n.target_id)`)})`;
}

/**
 * A CTE (to follow a `with`) that writes the index rows of `links` (`linkArrays`) for an entry `written` (a relation)
 * has just created: it has no rows to replace (deleting an entry deletes its rows, migration 0009).
 */
export function createdLinksCte(spaceId: string, environmentId: string, entryId: string, state: LinkState, links: Sql, written: Sql): Sql {
  return sql`links_put as (${insertLinks(spaceId, environmentId, entryId, state, links, sql`exists (select from ${written})`)})`;
}

/**
 * Replaces the index rows of one entry and state with the links of `fields`, in one statement. A `created` entry
 * has none to replace: deleting an entry deletes its rows (migration 0009), so none remain under its id.
 */
export async function replaceEntryLinks(
  db: Executor, spaceId: string, environmentId: string, entryId: string, state: LinkState, fields: LocalizedFields | null, created = false,
): Promise<void> {
  if (created && linksIn(fields).length === 0) return;
  await sql`with ${replaceLinksCtes(spaceId, environmentId, entryId, state, linkArrays(fields), sql`(select) as always`)} select`.execute(db);
}
