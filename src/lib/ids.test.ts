import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { generateId, isValidClientId, RANDOM_POOL_BYTES, randomBase62 } from './ids.ts';

describe('ids', () => {
  it('generates 22-character base62 ids that do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, generateId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(randomBase62(5)).toHaveLength(5);
  });

  it('draws random bytes from the CSPRNG a pool at a time, not once per id', () => {
    const fill = vi.spyOn(crypto, 'randomFillSync');
    try {
      const count = 1000;
      for (let i = 0; i < count; i++) generateId();
      // 22 characters take about 22 * 256 / 248 bytes each.
      expect(fill.mock.calls.length).toBeLessThanOrEqual(Math.ceil((count * 23) / RANDOM_POOL_BYTES) + 1);
      expect(fill.mock.calls.length).toBeGreaterThan(0);
    } finally {
      fill.mockRestore();
    }
  });

  it('uses every base62 character about as often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of generateId()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (2000 * 22) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.35);
  });

  it.each(['a', 'A-b_c.d', 'x'.repeat(64)])('accepts client id %s', (id) => expect(isValidClientId(id)).toBe(true));
  it.each(['', 'x'.repeat(65), 'a b', 'a/b', 'ü'])('refuses client id %j', (id) =>
    expect(isValidClientId(id)).toBe(false),
  );
});
