import { sql } from 'kysely';
export const CACHE_CHANNEL = 'tessera_cache';
/** A NOTIFY payload must stay under 8000 bytes; past this, everything is invalidated instead. */
const MAX_PAYLOAD = 7000;
const payloadOf = (tags) => {
    const text = [...new Set(tags)].join(' ');
    return text.length > MAX_PAYLOAD ? '*' : text;
};
async function notify(db, tags) {
    await sql `select pg_notify(${CACHE_CHANNEL}, ${payloadOf(tags)})`.execute(db);
}
/** Applies a notification payload to the cache. */
export function applyInvalidation(cache, payload) {
    if (payload === '*')
        cache.clear();
    else
        cache.invalidate(payload.split(' ').filter(Boolean));
}
/** Outside transactions: invalidate locally and tell the other processes right away. */
export function rootCacheContext(db, cache, shared) {
    return {
        cache,
        async invalidate(tags) {
            if (!cache || tags.length === 0)
                return;
            cache.invalidate(tags);
            if (shared)
                await notify(db, tags);
        },
    };
}
/**
 * Inside a transaction: tags are collected; `beforeCommit` queues the NOTIFY in the transaction (PostgreSQL delivers
 * it only if the transaction commits) and `afterCommit` invalidates this process's cache.
 */
export function transactionCacheContext(cache, shared) {
    const pending = new Set();
    // Reads inside a transaction always go to the database: they may follow a lock, and must see what it protects.
    const context = {
        cache: undefined,
        async invalidate(tags) { for (const t of tags)
            pending.add(t); },
    };
    return {
        context,
        beforeCommit: async (tx) => { if (cache && shared && pending.size)
            await notify(tx, pending); },
        afterCommit: () => { if (cache && pending.size)
            cache.invalidate(pending); },
    };
}
