import { describe, expect, it } from 'vitest';
import { generateId, isValidClientId, randomBase62 } from './ids.ts';

describe('ids', () => {
  it('generates 22-character base62 ids that do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, generateId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(randomBase62(5)).toHaveLength(5);
  });

  it.each(['a', 'A-b_c.d', 'x'.repeat(64)])('accepts client id %s', (id) => expect(isValidClientId(id)).toBe(true));
  it.each(['', 'x'.repeat(65), 'a b', 'a/b', 'ü'])('refuses client id %j', (id) => expect(isValidClientId(id)).toBe(false));
});
