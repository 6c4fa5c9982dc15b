/**
 * A bounded in-process cache of read results, each entry labelled with tags. Writes invalidate tags; an entry read
 * before an invalidation of one of its tags is never stored (generation check), so a slow read cannot resurrect
 * data that a concurrent write has just replaced.
 */
export class ReadCache {
    maxEntries;
    entries = new Map();
    keysByTag = new Map();
    invalidatedAt = new Map();
    generation = 0;
    clearedAt = 0;
    enabled = true;
    constructor(maxEntries = 50_000) {
        this.maxEntries = maxEntries;
    }
    /** The generation to pass to `set` for a read that starts now. */
    begin() {
        return ++this.generation;
    }
    get(key) {
        const entry = this.entries.get(key);
        return entry === undefined ? undefined : entry.value;
    }
    set(key, value, tags, startedAt) {
        if (!this.enabled || startedAt <= this.clearedAt)
            return;
        if (tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) >= startedAt))
            return;
        this.delete(key);
        if (this.entries.size >= this.maxEntries)
            this.delete(this.entries.keys().next().value);
        this.entries.set(key, { value, tags });
        for (const tag of tags) {
            let keys = this.keysByTag.get(tag);
            if (!keys)
                this.keysByTag.set(tag, (keys = new Set()));
            keys.add(key);
        }
    }
    invalidate(tags) {
        const now = ++this.generation;
        for (const tag of tags) {
            this.invalidatedAt.set(tag, now);
            for (const key of this.keysByTag.get(tag) ?? [])
                this.delete(key);
            this.keysByTag.delete(tag);
        }
        // The generation marks are only needed while a read may still be in flight; keep the map small.
        if (this.invalidatedAt.size > this.maxEntries)
            this.clear();
    }
    clear() {
        this.clearedAt = ++this.generation;
        this.entries.clear();
        this.keysByTag.clear();
        this.invalidatedAt.clear();
    }
    get size() {
        return this.entries.size;
    }
    delete(key) {
        const entry = this.entries.get(key);
        if (!entry)
            return;
        this.entries.delete(key);
        for (const tag of entry.tags) {
            const keys = this.keysByTag.get(tag);
            keys?.delete(key);
            if (keys?.size === 0)
                this.keysByTag.delete(tag);
        }
    }
}
/** Reads through the cache: the stored value when present, else `load()` stored under `tags(value)` unless undefined. */
export async function cached(cache, key, load, tags) {
    if (!cache?.enabled)
        return load();
    const hit = cache.get(key);
    if (hit !== undefined)
        return hit;
    const startedAt = cache.begin();
    const value = await load();
    if (value !== undefined)
        cache.set(key, value, tags(value), startedAt);
    return value;
}
