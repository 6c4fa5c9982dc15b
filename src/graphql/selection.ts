import { Kind, type GraphQLResolveInfo } from 'graphql';

/**
 * Whether the field being resolved selects `name` among its direct subfields. A fragment counts as yes (not expanded
 * here), so the answer errs towards doing the work.
 */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  return info.fieldNodes.some((node) =>
    node.selectionSet?.selections.some((s) => s.kind !== Kind.FIELD || s.name.value === name),
  );
}
