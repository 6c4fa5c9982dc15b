import type { Handler } from '../handler.ts';
import type { OperationId } from '../operation-input.ts';

/** The names `N` of operations specified on both paths: `${P}_${N}` under an environment, `Master${P}_${N}` without. */
type SharedNames<P extends string> = {
  [Op in OperationId]: Op extends `${P}_${infer N}` ? (`Master${P}_${N}` extends OperationId ? N : never) : never;
}[OperationId];

type Pair<P extends string, N extends string> = Extract<`${P}_${N}` | `Master${P}_${N}`, OperationId>;

/** One handler per name, typed for both its operations (path parameters without `environment_id` on master). */
export type BothPathsHandlers<P extends string> = { readonly [N in SharedNames<P>]: Handler<Pair<P, N>> };

/**
 * Binds each handler to both operations of its name: `onBothPaths('Entries', { get })` answers
 * `Entries_get` (environment path) and `MasterEntries_get` (master). Every name both paths specify needs one.
 */
export function onBothPaths<P extends string>(
  prefix: P,
  handlers: NoInfer<BothPathsHandlers<P>>,
): { readonly [Op in Pair<P, SharedNames<P>>]: Handler<Op> } {
  const bound: Record<string, Handler<never>> = {};
  for (const [name, handler] of Object.entries<Handler<never>>(handlers)) {
    bound[`${prefix}_${name}`] = handler;
    bound[`Master${prefix}_${name}`] = handler;
  }
  // Each name went to both of its operations, which is the type: the compiler cannot follow keys built from strings.
  return bound as { readonly [Op in Pair<P, SharedNames<P>>]: Handler<Op> };
}
