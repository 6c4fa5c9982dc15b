import type { FileStore, RenditionFile } from './file-store.ts';

export interface RenditionCacheOptions {
  /** The disk budget of all renditions together. */
  maxBytes: number;
  /** A sweep evicts down to this share of the budget, so the next one is not due at the next write. */
  lowWater?: number;
  /** A hit re-marks a rendition used only when its mark is older than this (at most one write per rendition per interval). */
  markAfterMs?: number;
  /** Other processes sharing the files directory write too: a write re-measures the cache when its size is this old. */
  remeasureAfterMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The disk budget of the rendition cache, least recently used evicted first. "Used" is a rendition's access time:
 * set when it is written and re-marked on a hit (throttled, one `utimes`), so serving a cached rendition costs no
 * directory scan. Writes add their size to the last measured total; once that estimate passes the budget (or the
 * measurement is old, since other processes write too) one sweep lists every rendition and evicts the least
 * recently used until the total is under the low-water mark. The sweep runs in the background, one at a time per
 * process; processes sweeping at once are safe (eviction skips a file used after it was listed, removal of a gone
 * file is a no-op), and so is the asset-files collection removing a blob's renditions meanwhile. Originals are
 * never touched: only `renditions/` is listed.
 */
export class RenditionCache {
  private readonly lowWaterBytes: number;
  private readonly markAfterMs: number;
  private readonly remeasureAfterMs: number;
  private estimate: number | undefined;
  private measuredAt = 0;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly store: FileStore,
    private readonly options: RenditionCacheOptions,
  ) {
    this.lowWaterBytes = Math.floor(options.maxBytes * (options.lowWater ?? 0.9));
    this.markAfterMs = options.markAfterMs ?? 60_000;
    this.remeasureAfterMs = options.remeasureAfterMs ?? 60_000;
  }

  /** A cached rendition was served: re-marks it used when its mark is stale. False when it is gone (evicted). */
  async used(file: RenditionFile): Promise<boolean> {
    if (Date.now() - file.atimeMs < this.markAfterMs) return true;
    return this.store.markUsed(file);
  }

  /** A new rendition of `bytes` was written: starts a sweep when the cache may be over budget. */
  written(bytes: number): void {
    if (this.estimate !== undefined) this.estimate += bytes;
    const stale = Date.now() - this.measuredAt >= this.remeasureAfterMs;
    if (this.estimate === undefined || this.estimate > this.options.maxBytes || stale) this.startSweep();
  }

  /** Resolves when no sweep is running (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.sweeping) await this.sweeping;
  }

  private startSweep(): void {
    this.sweeping ??= this.sweep()
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.sweeping = undefined;
      });
  }

  /** Measures the cache and evicts the least recently used renditions while it is over budget. */
  async sweep(): Promise<void> {
    const files = await this.store.listRenditions();
    let total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > this.options.maxBytes) {
      files.sort((a, b) => a.atimeMs - b.atimeMs);
      for (const file of files) {
        if (total <= this.lowWaterBytes) break;
        if (await this.store.evictRendition(file)) total -= file.size;
      }
    }
    this.estimate = total;
    this.measuredAt = Date.now();
  }
}
