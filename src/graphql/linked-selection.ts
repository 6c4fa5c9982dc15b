import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { PlannedField } from './filters.ts';
import { collectionFieldName } from './plan/naming.ts';

/**
 * The entry-link fields of a content type by the GraphQL field that reads them (its name for a single link,
 * `<name>Collection` for an array of links): worked out once per schema, for `selectedEntryLinks`.
 */
export const entryLinkFieldNames = (fields: PlannedField[]): ReadonlyMap<string, string> => {
  const names = new Map<string, string>();
  for (const { name, fieldId, definition: d } of fields) {
    if (d.type === 'Link' && d.linkType === 'Entry') names.set(name, fieldId);
    if (d.type === 'Array' && d.items?.type === 'Link' && d.items.linkType === 'Entry')
      names.set(collectionFieldName(name), fieldId);
  }
  return names;
};

/**
 * The entry-link fields (their field ids) a collection's `items` select, through inline fragments and fragment
 * spreads: the links the collection's resolver may read ahead with its page, since resolving them comes next.
 */
export function selectedEntryLinks(info: GraphQLResolveInfo, byName: ReadonlyMap<string, string>): string[] {
  if (byName.size === 0) return [];
  const found = new Set<string>();
  const visit = (set: SelectionSetNode | undefined, inItems: boolean, seen: Set<string>) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) {
        if (!inItems && s.name.value === 'items') visit(s.selectionSet, true, seen);
        const fieldId = inItems ? byName.get(s.name.value) : undefined;
        if (fieldId) found.add(fieldId);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        visit(s.selectionSet, inItems, seen);
      } else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        visit(info.fragments[s.name.value]?.selectionSet, inItems, seen);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet, false, new Set());
  return [...found];
}
