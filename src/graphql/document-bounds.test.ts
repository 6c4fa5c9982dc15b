import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fragmentBomb } from '../../contract-tests/graphql/fragment-bomb.ts';
import { documentSize, jsonDepth } from './document-bounds.ts';
import { queryNesting } from './query-nesting.ts';

describe('documentSize', () => {
  it('measures each fragment once: a bomb of 150 levels saturates instead of walking 2^150 spreads', () => {
    expect(documentSize(parse(fragmentBomb(150)))).toEqual({
      depth: 1,
      selections: Number.MAX_SAFE_INTEGER,
      inputDepth: 0,
      sameName: 1,
    });
    expect(documentSize(parse(fragmentBomb(3)))).toEqual({
      depth: 1,
      selections: 3 * 2 ** 3 - 1,
      inputDepth: 0,
      sameName: 1,
    });
  });

  it('counts depth through fragments and inline fragments, and argument nesting; a cycle counts once', () => {
    const size = documentSize(
      parse('{ a { ... on T { b { ...F } } } } fragment F on T { c(x: [{ y: [1] }]) { d } ...F }'),
    );
    expect(size).toEqual({ depth: 4, selections: 7, inputDepth: 3, sameName: 1 });
    expect(documentSize(parse('{ a b: a ... on Query { a ...{ a } } c { a a } }')).sameName).toBe(3);
  });

  it('jsonDepth and queryNesting skip strings and comments', () => {
    expect(jsonDepth({ a: [{ b: 1 }], c: 'x' })).toBe(3);
    expect(queryNesting('{ a(x: "{{{[[[") { b } } # {{{{\n"""{{ \\""" {{"""')).toBe(2);
  });
});

describe('queryComplexity', () => {
  it('scales a fragment measured once: 150 levels of doubling saturate at once', async () => {
    const { queryComplexity } = await import('./complexity.ts');
    const schema = buildSchema('type Query { a: String }');
    const document = parse(fragmentBomb(150));
    const fragments = Object.fromEntries(
      document.definitions.slice(1).map((d) => [(d as { name: { value: string } }).name.value, d]),
    );
    expect(queryComplexity(schema, document.definitions[0] as OperationDefinitionNode, fragments as never, {})).toBe(0);
  });
});
