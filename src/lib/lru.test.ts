import { describe, expect, it } from 'vitest';
import { lru } from './lru.ts';

describe('lru', () => {
  it('forgets the least recently used key past its capacity; a read refreshes a key', () => {
    const cache = lru<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
  });

  it('forgets a deleted key', () => {
    const cache = lru<number>(2);
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
