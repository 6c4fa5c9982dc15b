import { describe, expect, it } from 'vitest';
import { findJsonProblem, formatJsonPath, MAX_JSON_DEPTH, unstorableText } from './json-guard.ts';

const nestedArrays = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
};

describe('findJsonProblem', () => {
  it('accepts ordinary values, surrogate pairs and nesting up to the limit', () => {
    expect(
      findJsonProblem({ fields: { title: { 'en-US': 'caf\u00e9 \ud83d\ude00' } }, n: 1, b: null, list: [1, 'x', {}] }),
    ).toBeUndefined();
    expect(findJsonProblem(nestedArrays(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findJsonProblem(null)).toBeUndefined();
  });

  it('finds a NUL in a value or a key with its path', () => {
    expect(findJsonProblem({ fields: { title: { 'en-US': 'a\u0000b' } } })).toEqual({
      path: ['fields', 'title', 'en-US'],
      reason: 'nul',
      inKey: false,
    });
    expect(findJsonProblem({ list: [1, { ['k\u0000']: 1 }] })).toEqual({
      path: ['list', 1, 'k\u0000'],
      reason: 'nul',
      inKey: true,
    });
    expect(findJsonProblem('\u0000')).toEqual({ path: [], reason: 'nul', inKey: false });
  });

  it('finds lone surrogates, high or low', () => {
    expect(findJsonProblem({ name: 'a\ud800b' })?.reason).toBe('lone-surrogate');
    expect(findJsonProblem({ name: '\udc00' })?.reason).toBe('lone-surrogate');
    expect(unstorableText('\ud83d\ude00')).toBeUndefined();
  });

  it('stops a value nested deeper than the limit without recursing, at the first level too deep', () => {
    const problem = findJsonProblem({ data: nestedArrays(100_000) });
    expect(problem?.reason).toBe('too-deep');
    expect(problem?.path).toEqual(['data', ...Array(MAX_JSON_DEPTH - 1).fill(0)]);
    expect(findJsonProblem(nestedArrays(MAX_JSON_DEPTH + 1))?.reason).toBe('too-deep');
  });

  it('formats paths as people read them', () => {
    expect(formatJsonPath(['fields', 'title', 'en-US'])).toBe('fields.title.en-US');
    expect(formatJsonPath(['items', 2, 'k\u0000'])).toBe('items[2].k\\u0000');
  });
});
