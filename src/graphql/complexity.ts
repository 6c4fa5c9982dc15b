import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  Kind,
  valueFromAST,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../domain/shared/paging.ts';
import { isCollectionType } from './types/shared-types.ts';

export const MAX_COMPLEXITY = 11000;

/** Saturates instead of overflowing (a cost is reported in the header and the error's details). */
const CAP = Number.MAX_SAFE_INTEGER;
const times = (a: number, b: number) => Math.min(a * b, CAP);
const plus = (a: number, b: number) => Math.min(a + b, CAP);

const isEntity = (t: GraphQLCompositeType) =>
  t.name === 'Asset' ||
  t.name === 'Entry' ||
  isUnionType(t) ||
  (isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Entry'));

/**
 * A field's own rule (its `extensions.complexity`): `cost` entities per parent, which also multiply what is below
 * (rich text `links`); `counted` for the lists already counted by such a field.
 */
interface FieldComplexity {
  cost?: number;
  counted?: boolean;
}

/** The `limit` a collection field counts: 100 when omitted, 0 or below 0 (refused at execution), at most 1000. */
function countedLimit(
  selection: FieldNode,
  def: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
): number {
  const arg = selection.arguments?.find((a) => a.name.value === 'limit');
  const limitArg = def.args.find((a) => a.name === 'limit');
  const value =
    arg && limitArg ? (valueFromAST(arg.value, limitArg.type, variables) as number | null | undefined) : undefined;
  return typeof value === 'number' && value > 0 ? Math.min(value, MAX_LIMIT) : DEFAULT_LIMIT;
}

/**
 * The most entries and assets an operation can return: a collection counts its `limit` (100 when omitted or 0)
 * times the count of its enclosing collections; a single entry or asset (or a union of entry types) counts 1 times
 * that count; rich text `links` counts what the field's validations allow (1000 when unlimited) times that count.
 * The count is proportional to the multiplier a selection set is walked with, so each fragment is walked once, at
 * multiplier 1, and its cost scaled at every spread: the cost of a query equals that of its inlined form, in time
 * linear in the document. A fragment spread inside itself (refused by validation) counts 0.
 */
export function queryComplexity(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const perUnit = new Map<string, number>();
  const walking = new Set<string>();

  function fragmentCost(name: string, parent: GraphQLCompositeType): number {
    const known = perUnit.get(name);
    if (known !== undefined) return known;
    const fragment = Object.hasOwn(fragments, name) ? fragments[name] : undefined;
    if (!fragment || walking.has(name)) return 0;
    walking.add(name);
    const on = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined;
    const cost = walk(fragment.selectionSet, on ?? parent, 1);
    walking.delete(name);
    perUnit.set(name, cost);
    return cost;
  }

  function walk(set: SelectionSetNode, parent: GraphQLCompositeType, multiplier: number): number {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition
          ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType)
          : parent;
        total = plus(total, walk(selection.selectionSet, on ?? parent, multiplier));
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        total = plus(total, times(multiplier, fragmentCost(selection.name.value, parent)));
      } else if (selection.selectionSet && (isObjectType(parent) || isInterfaceType(parent))) {
        const def = parent.getFields()[selection.name.value];
        if (!def) continue;
        const type = getNamedType(def.type) as GraphQLCompositeType;
        let own = multiplier;
        const rule = def.extensions?.complexity as FieldComplexity | undefined;
        if (rule?.cost !== undefined) {
          own = times(multiplier, rule.cost);
          total = plus(total, own);
        } else if (rule?.counted) {
          // counted by the enclosing field
        } else if (isCollectionType(type)) {
          own = times(multiplier, countedLimit(selection, def, variables));
          total = plus(total, own);
        } else if (isEntity(type) && !isCollectionType(parent)) {
          total = plus(total, multiplier);
        }
        total = plus(total, walk(selection.selectionSet, type, own));
      }
    }
    return total;
  }
  const root = schema.getQueryType();
  return root ? walk(operation.selectionSet, root, 1) : 0;
}
