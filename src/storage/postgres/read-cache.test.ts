import { describe, expect, it } from 'vitest';
import { cached, ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  it('serves a stored value until one of its tags is invalidated', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { n: loads };
    };
    expect(await cached(cache, 'k', load, () => ['a', 'b'])).toEqual({ n: 1 });
    expect(await cached(cache, 'k', load, () => ['a', 'b'])).toEqual({ n: 1 });
    cache.invalidate(['c']);
    expect(await cached(cache, 'k', load, () => ['a', 'b'])).toEqual({ n: 1 });
    cache.invalidate(['b']);
    expect(await cached(cache, 'k', load, () => ['a', 'b'])).toEqual({ n: 2 });
  });

  it('does not store a read that started before an invalidation of its tags', async () => {
    const cache = new ReadCache();
    let release!: () => void;
    const slow = cached(
      cache,
      'k',
      () =>
        new Promise<string>((r) => {
          release = () => r('stale');
        }),
      () => ['t'],
    );
    cache.invalidate(['t']); // a write commits while the read is in flight
    release();
    expect(await slow).toBe('stale');
    expect(cache.get('k')).toBeUndefined();
  });

  it('never stores undefined (unknown keys are not cached) and is bounded', async () => {
    const cache = new ReadCache(3);
    expect(
      await cached(
        cache,
        'missing',
        async () => undefined,
        () => [],
      ),
    ).toBeUndefined();
    expect(cache.size).toBe(0);
    for (const k of ['a', 'b', 'c', 'd'])
      await cached(
        cache,
        k,
        async () => k,
        () => [k],
      );
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe('d');
  });

  it('clear() drops everything and refuses reads that started before it; disabled caches store nothing', async () => {
    const cache = new ReadCache();
    const started = cache.begin();
    cache.clear();
    cache.set('k', 1, [], started);
    expect(cache.get('k')).toBeUndefined();
    cache.enabled = false;
    let loads = 0;
    await cached(
      cache,
      'x',
      async () => ++loads,
      () => [],
    );
    await cached(
      cache,
      'x',
      async () => ++loads,
      () => [],
    );
    expect(loads).toBe(2);
  });
});

describe('ReadCache byte budget', () => {
  it('evicts the oldest entries to keep sized entries within maxBytes, and refuses one above a quarter of it', () => {
    const cache = new ReadCache(100, 1000);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, k, [], cache.begin(), 250);
    expect([cache.size, cache.sizeInBytes]).toEqual([4, 1000]);
    cache.set('e', 'e', [], cache.begin(), 100);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('e')).toBe('e');
    expect(cache.sizeInBytes).toBe(850);
    cache.set('big', 'big', [], cache.begin(), 251);
    expect(cache.get('big')).toBeUndefined();
    cache.clear();
    expect(cache.sizeInBytes).toBe(0);
  });

  it('counts a replaced or invalidated entry out of the budget', () => {
    const cache = new ReadCache(100, 1000);
    cache.set('k', 1, ['t'], cache.begin(), 200);
    cache.set('k', 2, ['t'], cache.begin(), 240);
    expect(cache.sizeInBytes).toBe(240);
    cache.invalidate(['t']);
    expect([cache.size, cache.sizeInBytes]).toEqual([0, 0]);
  });
});
