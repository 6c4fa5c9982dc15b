/**
 * A bounded in-process cache of read results, each entry labelled with tags. Writes invalidate tags; an entry read
 * before an invalidation of one of its tags is never stored (generation check), so a slow read cannot resurrect
 * data that a concurrent write has just replaced.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; tags: readonly string[]; bytes: number }>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly invalidatedAt = new Map<string, number>();
  private generation = 0;
  private clearedAt = 0;
  private bytes = 0;
  enabled = true;

  /** `maxBytes` bounds the entries stored with a size (rendered responses); the others count 0. */
  constructor(
    private readonly maxEntries = 50_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The generation to pass to `set` for a read that starts now. */
  begin(): number {
    return ++this.generation;
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry === undefined ? undefined : (entry.value as T);
  }

  set(key: string, value: unknown, tags: readonly string[], startedAt: number, bytes = 0): void {
    if (!this.enabled || startedAt <= this.clearedAt || bytes > this.maxBytes / 4) return;
    if (tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) >= startedAt)) return;
    this.delete(key);
    while (this.entries.size >= this.maxEntries || (bytes > 0 && this.bytes + bytes > this.maxBytes)) {
      this.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, tags, bytes });
    this.bytes += bytes;
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  invalidate(tags: Iterable<string>): void {
    const now = ++this.generation;
    for (const tag of tags) {
      this.invalidatedAt.set(tag, now);
      for (const key of this.keysByTag.get(tag) ?? []) this.delete(key);
      this.keysByTag.delete(tag);
    }
    // The generation marks are only needed while a read may still be in flight; keep the map small.
    if (this.invalidatedAt.size > this.maxEntries) this.clear();
  }

  clear(): void {
    this.clearedAt = ++this.generation;
    this.entries.clear();
    this.bytes = 0;
    this.keysByTag.clear();
    this.invalidatedAt.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the entries stored with a size. */
  get sizeInBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}

/** Reads through the cache: the stored value when present, else `load()` stored under `tags(value)` unless undefined. */
export async function cached<T>(
  cache: ReadCache | undefined,
  key: string,
  load: () => Promise<T | undefined>,
  tags: (value: T) => readonly string[],
): Promise<T | undefined> {
  if (!cache?.enabled) return load();
  const hit = cache.get<T>(key);
  if (hit !== undefined) return hit;
  const startedAt = cache.begin();
  const value = await load();
  if (value !== undefined) cache.set(key, value, tags(value), startedAt);
  return value;
}
