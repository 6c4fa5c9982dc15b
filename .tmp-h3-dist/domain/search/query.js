/**
 * The one representation of a search over entries or assets (the "IR"). REST search parameters compile to it
 * (rest-parameters.ts) and so will the GraphQL `where`/`order` arguments; the storage adapter compiles it to one
 * parameterised SQL statement plus a count. Every path in it has already been checked against the content model,
 * and every value is already typed for the path it is compared with.
 */
/** `and` of the given conditions, flattening nested `and`s; `and()` of nothing is true. */
export function and(...conditions) {
    const flat = conditions.flatMap((c) => (c.kind === 'and' ? c.conditions : [c]));
    return flat.length === 1 ? flat[0] : { kind: 'and', conditions: flat };
}
export const SYS_ID = { kind: 'sys', attribute: 'id', valueType: 'symbol' };
/** Appends the `sys.id` tie-break (unless the order already ends with it), so paging is stable. */
export function withTieBreak(order) {
    const last = order.at(-1);
    if (last?.kind === 'path' && last.path.kind === 'sys' && last.path.attribute === 'id')
        return order;
    return [...order, { kind: 'path', path: SYS_ID, direction: 'asc' }];
}
