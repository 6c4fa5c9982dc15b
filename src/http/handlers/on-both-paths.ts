import type { ApiRequest, ApiResult } from '../handler.ts';
import type { OperationId } from '../operation-input.ts';

// The types below never ask the compiler to prove that an id built from a generic prefix is an operation id (a
// constraint such as `Handler<...>`'s): that proof over a union of 200 ids costs it seconds for each one.

/** The names `N` of operations specified on both paths: `${P}_${N}` under an environment, `Master${P}_${N}` without. */
type SharedNames<P extends string> = {
  [Op in OperationId]: Op extends `${P}_${infer N}` ? (`Master${P}_${N}` extends OperationId ? N : never) : never;
}[OperationId];

/** The handler of both operations of name `N`: its request is either's (no `environment_id` on master). */
type SharedHandler<P extends string, N extends string> = (
  req: ApiRequest<`${P}_${N}` | `Master${P}_${N}`>,
) => Promise<ApiResult>;

/** One handler per name both paths specify. */
export type BothPathsHandlers<P extends string> = { readonly [N in SharedNames<P>]: SharedHandler<P, N> };

/** What `onBothPaths` answers: each handler under both of its operation ids. */
export type BothPathsMap<P extends string> = {
  readonly [N in SharedNames<P> as `${P}_${N}` | `Master${P}_${N}`]: SharedHandler<P, N>;
};

/**
 * Binds each handler to both operations of its name: `onBothPaths('Entries', { get })` answers
 * `Entries_get` (environment path) and `MasterEntries_get` (master). Every name both paths specify needs one.
 */
export function onBothPaths<P extends string>(prefix: P, handlers: NoInfer<BothPathsHandlers<P>>): BothPathsMap<P>;
export function onBothPaths(prefix: string, handlers: Record<string, unknown>): Record<string, unknown> {
  const bound: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    bound[`${prefix}_${name}`] = handler;
    bound[`Master${prefix}_${name}`] = handler;
  }
  return bound;
}
