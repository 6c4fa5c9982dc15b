import { sql } from 'kysely';
import type pg from 'pg';
import type { CacheAnnouncer } from './cache-announcer.ts';
import type { Executor } from './executor.ts';
import type { ReadCache } from './read-cache.ts';

export const CACHE_CHANNEL = 'tessera_cache';
/** A NOTIFY payload must stay under 8000 bytes; past this, everything is invalidated instead. */
const MAX_PAYLOAD = 7000;

/** What a repository needs to read through the cache and to invalidate what its writes change. */
export interface CacheContext {
  readonly cache: ReadCache | undefined;
  /**
   * Marks tags stale: at once outside a transaction, at commit inside one, and in every other process by a NOTIFY in
   * the write's transaction. `afterCommit`: the other processes are told by the announcer once the write has
   * committed, and the write's transaction sends no NOTIFY (hot writes: see migration 0015).
   */
  invalidate(tags: string[], options?: { afterCommit?: boolean }): Promise<void>;
}

const payloadOf = (tags: Iterable<string>) => {
  const unique = new Set(tags);
  const text = [...unique].join(' ');
  return unique.has('*') || text.length > MAX_PAYLOAD ? '*' : text;
};

async function notify(db: Executor, tags: Iterable<string>): Promise<void> {
  await sql`select pg_notify(${CACHE_CHANNEL}, ${payloadOf(tags)})`.execute(db);
}

/**
 * The announcer's send, on the pool itself: it runs after the write's request has had its answer and belongs to no
 * request, so it is not among the statements `db` counts.
 */
export const notifyOnPool =
  (pool: pg.Pool) =>
  async (tags: Iterable<string>): Promise<void> => {
    await pool.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payloadOf(tags)]);
  };

/** Applies a notification payload to the cache. */
export function applyInvalidation(cache: ReadCache, payload: string): void {
  if (payload === '*') cache.clear();
  else cache.invalidate(payload.split(' ').filter(Boolean));
}

/**
 * Outside transactions: invalidate locally and tell the other processes right away. `announcer` is set when other
 * processes may share the database; they are told even when this process keeps no cache.
 */
export function rootCacheContext(
  db: Executor,
  cache: ReadCache | undefined,
  announcer: CacheAnnouncer | undefined,
): CacheContext {
  return {
    cache,
    async invalidate(tags, options) {
      if (tags.length === 0) return;
      cache?.invalidate(tags);
      if (!announcer) return;
      if (options?.afterCommit) announcer.announce(tags);
      else await notify(db, tags);
    },
  };
}

/**
 * Inside a transaction: tags are collected; `beforeCommit` queues the NOTIFY in the transaction (PostgreSQL delivers
 * it only if the transaction commits) and `afterCommit` invalidates this process's cache and hands the `afterCommit`
 * tags to the announcer.
 */
export function transactionCacheContext(cache: ReadCache | undefined, announcer: CacheAnnouncer | undefined) {
  const pending = new Set<string>();
  const deferred = new Set<string>();
  // Reads inside a transaction always go to the database: they may follow a lock, and must see what it protects.
  const context: CacheContext = {
    cache: undefined,
    async invalidate(tags, options) {
      for (const t of tags) (options?.afterCommit ? deferred : pending).add(t);
    },
  };
  return {
    context,
    beforeCommit: async (tx: Executor) => {
      if (announcer && pending.size) await notify(tx, pending);
    },
    afterCommit: () => {
      if (pending.size + deferred.size) cache?.invalidate([...pending, ...deferred]);
      if (deferred.size) announcer?.announce(deferred);
    },
  };
}
