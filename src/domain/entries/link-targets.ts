import type { LocalizedFields } from '../../storage/port/index.ts';

export type LinkTargetType = 'Entry' | 'Asset';
export interface LinkTarget {
  linkType: LinkTargetType;
  id: string;
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

function asLink(value: unknown): LinkTarget | undefined {
  const sys = isObject(value) ? value.sys : undefined;
  if (!isObject(sys) || sys.type !== 'Link' || typeof sys.id !== 'string') return undefined;
  return sys.linkType === 'Entry' || sys.linkType === 'Asset' ? { linkType: sys.linkType, id: sys.id } : undefined;
}

/** The `data.target` links of a Rich Text document's nodes (embeds and hyperlinks), in document order. */
function richTextTargets(node: unknown, into: LinkTarget[]): void {
  if (!isObject(node)) return;
  const target = isObject(node.data) ? asLink(node.data.target) : undefined;
  if (target) into.push(target);
  if (Array.isArray(node.content)) for (const child of node.content) richTextTargets(child, into);
}

/**
 * The entries and assets linked from the given fields in any locale: Link values, the links of an Array, the
 * targets of a Rich Text document. The caller passes only the fields whose type can hold links (`linkBearing`),
 * as the reverse link index is built from the same fields.
 */
export function linkTargets(fields: LocalizedFields): LinkTarget[] {
  const found: LinkTarget[] = [];
  for (const perLocale of Object.values(fields)) {
    if (!isObject(perLocale)) continue;
    for (const value of Object.values(perLocale)) {
      const single = asLink(value);
      if (single) found.push(single);
      else if (Array.isArray(value))
        for (const item of value) {
          const link = asLink(item);
          if (link) found.push(link);
        }
      else if (isObject(value) && value.nodeType === 'document') richTextTargets(value, found);
    }
  }
  return found;
}
