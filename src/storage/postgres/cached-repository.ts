import type { CacheContext } from './cache-context.ts';
import { cached } from './read-cache.ts';

type Method = (...args: any[]) => Promise<unknown>;
type MethodsOf<R> = { [K in keyof R]: R[K] extends Method ? K : never }[keyof R];

/** A cached read: its cache key and the tags that make the entry stale, named by its arguments or by what it read. */
type CachedRead<F extends Method> = { key: (...args: Parameters<F>) => string } & (
  | { tags: (...args: Parameters<F>) => string[] }
  /** For reads whose arguments do not name what they depend on (a token names no space). */
  | { tagsOfResult: (result: NonNullable<Awaited<ReturnType<F>>>) => string[] }
);

export interface CachePolicy<R> {
  /** Reads served from the cache. */
  reads?: { [K in MethodsOf<R>]?: CachedRead<Extract<R[K], Method>> };
  /** Writes: the tags they make stale, invalidated after the write succeeds. */
  writes?: { [K in MethodsOf<R>]?: (...args: Parameters<Extract<R[K], Method>>) => string[] };
  /** Other processes are told of these writes after they commit, not by a NOTIFY in their transaction (hot writes). */
  announcedAfterCommit?: boolean;
}

type WriteTags<R, K extends keyof R> = (...args: Parameters<Extract<R[K], Method>>) => string[];

/**
 * The writes of a repository whose every write must invalidate: each method is either named in `readOnly` or given
 * its tags, so a method added to the repository later is a type error until it is classified.
 */
export function everyWrite<R>(options: Pick<CachePolicy<R>, 'announcedAfterCommit'> = {}) {
  return <const Reads extends MethodsOf<R>>(
    readOnly: readonly Reads[],
    writes: { [K in Exclude<MethodsOf<R>, Reads>]-?: WriteTags<R, K> },
  ): CachePolicy<R> => ({ ...options, writes: writes as CachePolicy<R>['writes'] });
}

/**
 * Wraps a repository so its hot reads come from the read cache and its writes invalidate what they change.
 * Without a cache (disabled, or inside a transaction) reads go to the database.
 */
export function withCache<R extends object>(repo: R, context: CacheContext | undefined, policy: CachePolicy<R>): R {
  if (!context) return repo;
  const wrapped = { ...repo } as Record<string, unknown>;
  for (const [name, read] of Object.entries(policy.reads ?? {}) as Array<[string, CachedRead<Method>]>) {
    const original = (repo as Record<string, Method>)[name];
    wrapped[name] = (...args: any[]) =>
      cached(
        context.cache,
        read.key(...args),
        () => original(...args) as Promise<any>,
        (result) => ('tags' in read ? read.tags(...args) : read.tagsOfResult(result)),
      );
  }
  for (const [name, tags] of Object.entries(policy.writes ?? {}) as Array<[string, (...a: any[]) => string[]]>) {
    const original = (repo as Record<string, Method>)[name];
    wrapped[name] = async (...args: any[]) => {
      const result = await original(...args);
      await context.invalidate(tags(...args), { afterCommit: policy.announcedAfterCommit === true });
      return result;
    };
  }
  return wrapped as R;
}
