import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentCache } from './document-cache.ts';

describe('document cache', () => {
  const v1 = buildSchema('type Query { a: String }');
  const v2 = buildSchema('type Query { a: String, b: String }');

  it('parses a query text once and validates it once per schema', () => {
    const cache = documentCache();
    const query = '{ a b }';
    const first = cache.parse(query);
    expect(cache.parse(query)).toBe(first);
    expect(cache.parses).toBe(1);
    expect(cache.validate(v1, query, first).map((e) => e.message)).toEqual([
      expect.stringContaining('Cannot query field "b" on type "Query".'),
    ]);
    expect(cache.validate(v1, query, first)).toHaveLength(1);
    expect(cache.validations).toBe(1);
    // A changed model is a new schema object: validated afresh, never answered from the old schema's results.
    expect(cache.validate(v2, query, first)).toEqual([]);
    expect([cache.parses, cache.validations]).toEqual([1, 2]);
  });

  it('remembers syntax errors too, and forgets the least recently used text beyond its capacity', () => {
    const cache = documentCache(2);
    expect(() => cache.parse('{ a')).toThrow(/Syntax Error/);
    expect(() => cache.parse('{ a')).toThrow(/Syntax Error/);
    expect(cache.parses).toBe(1);
    cache.parse('{ a }');
    expect(() => cache.parse('{ a')).toThrow(/Syntax Error/); // a hit: '{ a' is now the most recently used
    cache.parse('{ __typename }'); // capacity 2: '{ a }' goes, though it was added after '{ a'
    expect(cache.parses).toBe(3);
    expect(() => cache.parse('{ a')).toThrow(/Syntax Error/);
    expect(cache.parses).toBe(3);
    cache.parse('{ a }');
    expect(cache.parses).toBe(4);
  });
});
