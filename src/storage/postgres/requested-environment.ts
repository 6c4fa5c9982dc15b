import { sql, type RawBuilder } from 'kysely';
import { compiledOnce, type Compiles } from './compiled-once.ts';
import type { Executor } from './executor.ts';
import { REQUESTED_ENVIRONMENT_SETTING } from './session-settings.ts';

/** What a statement written outside a transaction carries when its request named an alias (see 0029). */
export interface OnRequestedEnvironment {
  requestedEnvironmentId?: string;
}

/**
 * `where` with a condition that is always true and sets the requested environment for the event triggers of the
 * statement (transaction-local: outside a transaction, the statement's own transaction), for the hot statements made
 * outside transactions: a one-time filter, so it is evaluated once, before the statement ends and its AFTER STATEMENT
 * triggers fire. Nothing when `onPath` is false: the common path's statement is unchanged.
 */
export function setsRequestedEnvironment(onPath: boolean, id: unknown): RawBuilder<unknown> {
  return onPath
    ? sql`where (select set_config(${sql.lit(REQUESTED_ENVIRONMENT_SETTING)}, ${id}::text, true)) is not null`
    : sql``;
}

/** The one requested environment of a batch's items (null: their own); a batch never mixes paths (its key holds it). */
export function requestedEnvironmentOf(items: readonly OnRequestedEnvironment[]): string | null {
  const id = items[0]?.requestedEnvironmentId ?? null;
  if (items.some((item) => (item.requestedEnvironmentId ?? null) !== id))
    throw new Error('a batched statement mixes requested environments');
  return id;
}

/**
 * A hot statement compiled once without and once with `setsRequestedEnvironment` (`build` gets `onPath`), each run
 * picking the one its values' requested environment needs: the common path keeps its statement text.
 */
export function compiledOnEitherPath<V extends { requestedEnvironmentId?: string | null }>(
  build: (onPath: boolean) => (values: V, db: Executor) => Compiles,
) {
  const own = compiledOnce(build(false));
  const requested = compiledOnce(build(true));
  return <R = any>(db: Executor, values: V) =>
    ((values.requestedEnvironmentId ?? null) === null ? own : requested)<R>(db, values);
}
