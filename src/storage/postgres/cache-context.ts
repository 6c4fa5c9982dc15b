import { sql } from 'kysely';
import type { Executor } from './executor.ts';
import type { ReadCache } from './read-cache.ts';

export const CACHE_CHANNEL = 'tessera_cache';
/** A NOTIFY payload must stay under 8000 bytes; past this, everything is invalidated instead. */
const MAX_PAYLOAD = 7000;

/** What a repository needs to read through the cache and to invalidate what its writes change. */
export interface CacheContext {
  readonly cache: ReadCache | undefined;
  /**
   * Marks tags stale: at once outside a transaction, at commit inside one (and in every other process). `local`: only
   * this process's cache, for writes the database announces to the others itself (migration 0012's triggers).
   */
  invalidate(tags: string[], options?: { local?: boolean }): Promise<void>;
}

const payloadOf = (tags: Iterable<string>) => {
  const text = [...new Set(tags)].join(' ');
  return text.length > MAX_PAYLOAD ? '*' : text;
};

async function notify(db: Executor, tags: Iterable<string>): Promise<void> {
  await sql`select pg_notify(${CACHE_CHANNEL}, ${payloadOf(tags)})`.execute(db);
}

/** Applies a notification payload to the cache. */
export function applyInvalidation(cache: ReadCache, payload: string): void {
  if (payload === '*') cache.clear();
  else cache.invalidate(payload.split(' ').filter(Boolean));
}

/** Outside transactions: invalidate locally and tell the other processes right away. */
export function rootCacheContext(db: Executor, cache: ReadCache | undefined, shared: boolean): CacheContext {
  return {
    cache,
    async invalidate(tags, options) {
      if (!cache || tags.length === 0) return;
      cache.invalidate(tags);
      if (shared && !options?.local) await notify(db, tags);
    },
  };
}

/**
 * Inside a transaction: tags are collected; `beforeCommit` queues the NOTIFY in the transaction (PostgreSQL delivers
 * it only if the transaction commits) and `afterCommit` invalidates this process's cache.
 */
export function transactionCacheContext(cache: ReadCache | undefined, shared: boolean) {
  const pending = new Set<string>();
  const local = new Set<string>();
  // Reads inside a transaction always go to the database: they may follow a lock, and must see what it protects.
  const context: CacheContext = {
    cache: undefined,
    async invalidate(tags, options) { for (const t of tags) (options?.local ? local : pending).add(t); },
  };
  return {
    context,
    beforeCommit: async (tx: Executor) => { if (cache && shared && pending.size) await notify(tx, pending); },
    afterCommit: () => { if (cache && pending.size + local.size) cache.invalidate([...pending, ...local]); },
  };
}
