import { getNamedType, isInterfaceType, isObjectType, isUnionType, Kind, valueFromAST, } from 'graphql';
export const MAX_COMPLEXITY = 11000;
const DEFAULT_LIMIT = 100;
const isCollection = (t) => t.name.endsWith('Collection') && isObjectType(t) && !!t.getFields().items;
const isEntity = (t) => t.name === 'Asset' || t.name === 'Entry' || isUnionType(t)
    || (isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Entry'));
/**
 * The most entries and assets an operation can return: a collection counts its `limit` (100 when omitted or 0)
 * times the count of its enclosing collections; a single entry or asset (or a union of entry types) counts 1 times
 * that count; rich text `links` counts what the field's validations allow (1000 when unlimited) times that count.
 */
export function queryComplexity(schema, operation, fragments, variables) {
    function walk(set, parent, multiplier, seen) {
        let total = 0;
        for (const selection of set.selections) {
            if (selection.kind === Kind.INLINE_FRAGMENT) {
                const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
                total += walk(selection.selectionSet, on ?? parent, multiplier, seen);
            }
            else if (selection.kind === Kind.FRAGMENT_SPREAD) {
                const name = selection.name.value;
                const fragment = fragments[name];
                if (!fragment || seen.has(name))
                    continue;
                const on = schema.getType(fragment.typeCondition.name.value);
                total += walk(fragment.selectionSet, on ?? parent, multiplier, new Set([...seen, name]));
            }
            else if (selection.selectionSet && (isObjectType(parent) || isInterfaceType(parent))) {
                const def = parent.getFields()[selection.name.value];
                if (!def)
                    continue;
                const type = getNamedType(def.type);
                let own = multiplier;
                const rule = def.extensions?.complexity;
                if (rule?.cost !== undefined) {
                    own = multiplier * rule.cost;
                    total += own;
                }
                else if (rule?.counted) {
                    // counted by the enclosing field
                }
                else if (isCollection(type)) {
                    const arg = selection.arguments?.find((a) => a.name.value === 'limit');
                    const limitArg = def.args.find((a) => a.name === 'limit');
                    const value = arg && limitArg ? valueFromAST(arg.value, limitArg.type, variables) : undefined;
                    own = multiplier * (value ? Math.min(value, 1000) : DEFAULT_LIMIT);
                    total += own;
                }
                else if (isEntity(type) && !isCollection(parent)) {
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
