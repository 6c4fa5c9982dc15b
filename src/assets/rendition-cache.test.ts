import { randomBytes } from 'node:crypto';
import { readdir, readFile, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from './file-store.ts';
import { RenditionCache } from './rendition-cache.ts';

const hex = (n: number) => n.toString(16).padStart(64, '0');
const HOUR = 60 * 60 * 1000;

describe('rendition cache disk budget', () => {
  let store: FileStore;
  let sha: string;
  let original: Buffer;

  beforeEach(async () => {
    store = new FileStore(path.join(tmpdir(), `tessera-cache-test-${randomBytes(6).toString('hex')}`));
    original = randomBytes(5000);
    const source = path.join(store.root, 'source');
    await mkdir(store.root, { recursive: true });
    await writeFile(source, original);
    sha = 'ab' + hex(1).slice(2);
    await store.adoptBlob(sha, source);
  });
  afterEach(() => store.destroy());

  /** Writes a rendition of `bytes` and marks it last used `agoMs` ago. */
  async function rendition(n: number, bytes: number, agoMs: number): Promise<string> {
    await store.saveRendition(sha, hex(n), Buffer.alloc(bytes, n));
    const file = store.renditionPath(sha, hex(n));
    const when = new Date(Date.now() - agoMs);
    await utimes(file, when, when);
    return file;
  }
  const present = async () => (await store.listRenditions()).map((f) => path.basename(f.path)).sort();

  it('over budget, evicts the least recently used down to the low-water mark and never an original', async () => {
    const cache = new RenditionCache(store, { maxBytes: 1000, lowWater: 0.9 });
    await rendition(1, 300, 4 * HOUR);
    await rendition(2, 300, 3 * HOUR);
    await rendition(3, 300, 2 * HOUR);
    await writeFile(path.join(path.dirname(store.renditionPath(sha, hex(1))), 'not-a-key'), 'x'.repeat(5000));
    await cache.sweep();
    expect(await present()).toEqual([hex(1), hex(2), hex(3)]);

    const used = (await store.renditionFile(store.renditionPath(sha, hex(1))))!;
    expect(await cache.used(used)).toBe(true);
    await rendition(4, 300, 0);
    cache.written(300);
    await cache.idle();
    // 1200 bytes over a budget of 1000: the least recently used go until at most 900 remain. 1 is the oldest
    // rendition but was used just now, so 2 goes.
    expect(await present()).toEqual([hex(1), hex(3), hex(4)]);
    expect((await readFile(store.blobPath(sha))).equals(original)).toBe(true);
    expect(await readdir(path.dirname(store.renditionPath(sha, hex(1))))).toContain('not-a-key');
  });

  it('re-marks a hit only when its mark is stale, so a hot rendition costs one stat', async () => {
    const cache = new RenditionCache(store, { maxBytes: 1000, markAfterMs: 60_000 });
    const recent = (await store.renditionFile(await rendition(1, 10, 1000)))!;
    expect(await cache.used(recent)).toBe(true);
    expect((await store.renditionFile(recent.path))!.atimeMs).toBe(recent.atimeMs);
    const stale = (await store.renditionFile(await rendition(2, 10, HOUR)))!;
    expect(await cache.used(stale)).toBe(true);
    const marked = (await store.renditionFile(stale.path))!;
    expect(marked.atimeMs).toBeGreaterThan(stale.atimeMs);
    expect(Math.abs(marked.mtimeMs - stale.mtimeMs)).toBeLessThan(1);
    const gone = { ...stale, path: store.renditionPath(sha, hex(9)) };
    expect(await cache.used(gone)).toBe(false);
  });

  it('keeps a rendition used after the sweep listed it, and survives its blob being collected meanwhile', async () => {
    await rendition(1, 600, 2 * HOUR);
    await rendition(2, 600, HOUR);
    const listed = await store.listRenditions();
    const first = listed.find((f) => f.path.endsWith(hex(1)))!;
    await store.markUsed(first);
    expect(await store.evictRendition(first)).toBe(false);
    await store.removeBlob(sha);
    const second = listed.find((f) => f.path.endsWith(hex(2)))!;
    expect(await store.evictRendition(second)).toBe(true);
    await new RenditionCache(store, { maxBytes: 100 }).sweep();
    expect(await store.listRenditions()).toEqual([]);
  });

  it('refuses to evict anything outside the renditions directory', async () => {
    const blob = { path: store.blobPath(sha), size: 1, atimeMs: 0, mtimeMs: 0 };
    await expect(store.evictRendition(blob)).rejects.toThrow(/not a rendition/);
    expect((await readFile(store.blobPath(sha))).equals(original)).toBe(true);
  });

  it('measures on the first write and again once the measurement is old, for other processes writing too', async () => {
    const cache = new RenditionCache(store, { maxBytes: 1000, remeasureAfterMs: HOUR });
    await rendition(1, 800, 2 * HOUR);
    cache.written(800);
    await cache.idle();
    // Another process writes 800 bytes more: this one's estimate does not know, and its next small write stays under.
    await rendition(2, 800, HOUR);
    await rendition(3, 10, 0);
    cache.written(10);
    await cache.idle();
    expect(await present()).toHaveLength(3);
    const soon = new RenditionCache(store, { maxBytes: 1000, remeasureAfterMs: 0 });
    soon.written(10);
    await soon.idle();
    expect(await present()).toEqual([hex(2), hex(3)]);
  });
});
