import type { LocalizedFields } from '../port/content.ts';
import type { LinkState } from '../port/entries.ts';
import type { Executor } from './executor.ts';

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

/**
 * Replaces the index rows of one entry and state with the links of `fields`. A `created` entry has none to delete:
 * deleting an entry deletes its rows (migration 0009), so none remain under its id.
 */
export async function replaceEntryLinks(
  db: Executor, spaceId: string, environmentId: string, entryId: string, state: LinkState, fields: LocalizedFields | null, created = false,
): Promise<void> {
  if (!created) {
    await db.deleteFrom('entry_links')
      .where('space_id', '=', spaceId).where('environment_id', '=', environmentId).where('source_id', '=', entryId).where('state', '=', state)
      .execute();
  }
  const links = linksIn(fields);
  // Chunks keep each statement far below the bind-parameter limit of PostgreSQL (65535).
  for (let start = 0; start < links.length; start += 1000) {
    await db.insertInto('entry_links').values(links.slice(start, start + 1000).map((l) => ({
      space_id: spaceId, environment_id: environmentId, source_id: entryId, state,
      field_id: l.fieldId, locale: l.locale, position: l.position, target_type: l.targetType, target_id: l.targetId,
    }))).execute();
  }
}
