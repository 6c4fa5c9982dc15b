import {
  getNamedType, isInterfaceType, isObjectType, isUnionType, Kind, valueFromAST,
  type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../domain/shared/paging.ts';
import { isCollectionType } from './types/shared-types.ts';

export const MAX_COMPLEXITY = 11000;

const isEntity = (t: GraphQLCompositeType) => t.name === 'Asset' || t.name === 'Entry' || isUnionType(t)
  || (isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Entry'));

/**
 * A field's own rule (its `extensions.complexity`): `cost` entities per parent, which also multiply what is below
 * (rich text `links`); `counted` for the lists already counted by such a field.
 */
interface FieldComplexity { cost?: number; counted?: boolean; }

/**
 * The most entries and assets an operation can return: a collection counts its `limit` (100 when omitted or 0)
 * times the count of its enclosing collections; a single entry or asset (or a union of entry types) counts 1 times
 * that count; rich text `links` counts what the field's validations allow (1000 when unlimited) times that count.
 */
export function queryComplexity(
  schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  function walk(set: SelectionSetNode, parent: GraphQLCompositeType, multiplier: number, seen: Set<string>): number {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType : parent;
        total += walk(selection.selectionSet, on ?? parent, multiplier, seen);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments[name];
        if (!fragment || seen.has(name)) continue;
        const on = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType;
        total += walk(fragment.selectionSet, on ?? parent, multiplier, new Set([...seen, name]));
      } else if (selection.selectionSet && (isObjectType(parent) || isInterfaceType(parent))) {
        const def = parent.getFields()[selection.name.value];
        if (!def) continue;
        const type = getNamedType(def.type) as GraphQLCompositeType;
        let own = multiplier;
        const rule = def.extensions?.complexity as FieldComplexity | undefined;
        if (rule?.cost !== undefined) {
          own = multiplier * rule.cost;
          total += own;
        } else if (rule?.counted) {
          // counted by the enclosing field
        } else if (isCollectionType(type)) {
          const arg = selection.arguments?.find((a) => a.name.value === 'limit');
          const limitArg = def.args.find((a) => a.name === 'limit');
          const value = arg && limitArg ? valueFromAST(arg.value, limitArg.type, variables) as number | null | undefined : undefined;
          own = multiplier * (value ? Math.min(value, MAX_LIMIT) : DEFAULT_LIMIT);
          total += own;
        } else if (isEntity(type) && !isCollectionType(parent)) {
          total += multiplier;
        }
        total += walk(selection.selectionSet, type, own, seen);
      }
    }
    return total;
  }
  const root = schema.getQueryType();
  return root ? walk(operation.selectionSet, root, 1, new Set()) : 0;
}
