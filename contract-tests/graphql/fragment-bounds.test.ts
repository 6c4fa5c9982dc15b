import { Kind, parse, print, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryLink } from '../support/content-fixtures.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { fragmentBomb } from './fragment-bomb.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const en = (v: unknown) => ({ 'en-US': v });

/** The same query with every fragment spread replaced by an inline fragment of its selections. */
function inlined(query: string): string {
  const document = parse(query);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const expand = (set: SelectionSetNode): SelectionSetNode => ({
    ...set,
    selections: set.selections.map((s) => {
      if (s.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments.get(s.name.value)!;
        return { kind: Kind.INLINE_FRAGMENT, typeCondition: f.typeCondition, selectionSet: expand(f.selectionSet) };
      }
      return s.selectionSet ? { ...s, selectionSet: expand(s.selectionSet) } : s;
    }),
  });
  const definitions = document.definitions
    .filter((d) => d.kind === Kind.OPERATION_DEFINITION)
    .map((d) => ({ ...d, selectionSet: expand(d.selectionSet) }));
  return print({ ...document, definitions } as DocumentNode);
}

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL fragments are measured once; depth and inlined size are bounded before validation`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    const ask = (query: string, variables?: unknown) => g.gql(spaceId, token, query, variables);
    const details = (res: { body: any }) => res.body.errors[0].extensions[api().tessera.config.vendor.token].details;

    beforeAll(async () => {
      spaceId = (await g.space('Fragments')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'person', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(spaceId, 'post', [
        { id: 'title', type: 'Symbol' },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        { id: 'next', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post'] }] },
        {
          id: 'kids',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post'] }] },
        },
      ]);
      await g.entries(spaceId, [
        { id: 'ann', contentType: 'person', published: true, fields: { name: en('Ann') } },
        {
          id: 'p1',
          contentType: 'post',
          published: true,
          fields: { title: en('One'), author: en(entryLink('ann')), next: en(entryLink('p1')) },
        },
      ]);
    });

    it('refuses a fragment bomb of a public token with TOO_COMPLEX_QUERY, naming its inlined size', async () => {
      const bomb = fragmentBomb(20);
      expect(bomb.length).toBeLessThan(900);
      const res = await ask(bomb);
      expect([res.status, g.code(res)], JSON.stringify(res.body)).toEqual([400, 'TOO_COMPLEX_QUERY']);
      expect(details(res)).toMatchObject({
        maximumSelections: 20000,
        selections: 2 ** 21 - 1 + 2 ** 20,
        maximumCost: 11000,
        cost: 0,
      });
      expect(res.body.errors[0].message).toMatch(/maximum allowed number of selections .* is 20000 but it was \d+/);
      expect(g.cost(res)).toBe('0');
    });

    it('a bomb of collections reports its cost, computed once per fragment', async () => {
      const res = await ask(fragmentBomb(16, 'Query', 'postCollection(limit: 1000) { total }'));
      expect([res.status, g.code(res)]).toEqual([400, 'TOO_COMPLEX_QUERY']);
      expect(details(res)).toEqual({
        maximumSelections: 20000,
        selections: 4 * 2 ** 16 - 1,
        maximumCost: 11000,
        cost: 1000 * 2 ** 16,
      });
      expect(g.cost(res)).toBe(String(1000 * 2 ** 16));
      // Under the selection bound, the cost limit refuses it as before.
      const small = await ask(fragmentBomb(4, 'Query', 'postCollection(limit: 1000) { total }'));
      expect([small.status, g.code(small)]).toEqual([400, 'TOO_COMPLEX_QUERY']);
      expect(details(small)).toEqual({ maximumCost: 11000, cost: 16000 });
    });

    it('bounds the depth of selections, through fragments too', async () => {
      const chain = (n: number) => `{ post(id: "p1") { ${'next { '.repeat(n)}title${' }'.repeat(n)} } }`;
      const ok = await ask(chain(30));
      expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(200);
      const deep = await ask(chain(31));
      expect([deep.status, g.code(deep)]).toEqual([400, 'TOO_COMPLEX_QUERY']);
      expect(details(deep)).toMatchObject({ maximumDepth: 32, depth: 33 });
      const viaFragments = ['{ post(id: "p1") { ...N20 } }', 'fragment N0 on Post { title }'];
      for (let i = 1; i <= 20; i++) viaFragments.push(`fragment N${i} on Post { next { ...N${i - 1} } }`);
      const fragmented = await ask(viaFragments.join('\n'));
      expect(fragmented.status).toBe(200);
      viaFragments[0] =
        '{ post(id: "p1") { next { next { next { next { next { next { next { next { next { next { next { next { ...N20 } } } } } } } } } } } } } }';
      const tooDeep = await ask(viaFragments.join('\n'));
      expect([tooDeep.status, g.code(tooDeep)]).toEqual([400, 'TOO_COMPLEX_QUERY']);
      expect(details(tooDeep)).toMatchObject({ maximumDepth: 32, depth: 34 });
    });

    it('bounds the fields of one response name in a selection set (graphql-js compares them pairwise)', async () => {
      const repeated = (n: number) =>
        `{ ${'post(id: "p1") { title } '.repeat(n)}... on Query { post(id: "p1") { title } } }`;
      expect((await ask(repeated(31))).body).toEqual({ data: { post: { title: 'One' } } });
      const res = await ask(repeated(32));
      expect([res.status, g.code(res)]).toEqual([400, 'TOO_COMPLEX_QUERY']);
      expect(details(res)).toEqual({ maximumSameName: 32, sameName: 33, maximumCost: 11000, cost: 33 });
    });

    it('refuses a text nested too deep to parse (8 KB of `{a{a{...`) instead of overflowing the stack', async () => {
      for (const query of [
        `{${'a{'.repeat(2700)}b${'}'.repeat(2701)}`,
        `{ postCollection(where: ${'{AND:['.repeat(600)}{}${']}'.repeat(600)}) { total } }`,
      ]) {
        const res = await ask(query);
        expect([res.status, g.code(res)], JSON.stringify(res.body).slice(0, 300)).toEqual([400, 'TOO_COMPLEX_QUERY']);
        expect(details(res)).toMatchObject({ maximumNesting: 68 });
      }
      const nestedFilter = await ask(`{ postCollection(where: ${'{AND:['.repeat(32)}{}${']}'.repeat(32)}) { total } }`);
      expect([nestedFilter.status, g.code(nestedFilter)]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      expect(details(nestedFilter)).toEqual({ maximumDepth: 32, depth: 64 });
      // Written as text: JSON.stringify of 3,000 levels overflows the test's own stack.
      const rawBody = `{"query":"query($w: PostFilter) { postCollection(where: $w) { total } }","variables":{"w":${'{"AND":['.repeat(3000)}{}${']}'.repeat(3000)}}}`;
      const variables = await api().request('POST', g.path(spaceId), {
        rawBody,
        headers: { 'Content-Type': 'application/json' },
        token,
      });
      expect([variables.status, g.code(variables)]).toEqual([400, 'INVALID_VARIABLES_FORMAT']);
      expect(details(variables)).toEqual({ maximumDepth: 32 });
    });

    it('the cost of a query with fragments equals the cost of its inlined form', async () => {
      const queries = [
        'query { ...Root } fragment Root on Query { postCollection(limit: 20) { items { ...Kids } } } fragment Kids on Post { kidsCollection(limit: 10) { items { title } } }',
        '{ postCollection(limit: 5) { items { ...A ...A ...B } } } fragment A on Post { author { ...P } kidsCollection(limit: 3) { items { ...B } } } fragment B on Post { next { title } } fragment P on Person { name }',
        'query($n: Int) { a: postCollection(limit: $n) { ...Page } b: post(id: "p1") { ...on Post { ...Item } } } fragment Page on PostCollection { items { ...Item } } fragment Item on Post { kidsCollection { ...Inner } } fragment Inner on PostCollection { items { author { name } } }',
        '{ entryCollection(limit: 7) { items { ... on Post { ...K } } } } fragment K on Post { kidsCollection(limit: 2) { items { ...K2 } } } fragment K2 on Post { kidsCollection(limit: 2) { total } }',
      ];
      const costs: string[] = [];
      for (const query of queries) {
        const withFragments = await ask(query, { n: 9 });
        const flat = await ask(inlined(query), { n: 9 });
        expect(withFragments.status, JSON.stringify(withFragments.body).slice(0, 300)).toBe(200);
        expect(flat.status, JSON.stringify(flat.body).slice(0, 300)).toBe(200);
        expect(g.cost(withFragments), query).toBe(g.cost(flat));
        costs.push(g.cost(withFragments)!);
      }
      expect(costs).toEqual([
        '220',
        String(5 + 5 * 2 * (1 + 3 + 3) + 5),
        String(9 + 9 * 100 + 9 * 100 + 1 + 100 + 100),
        String(7 + 7 * 2 + 7 * 2 * 2),
      ]);
    });
  });
}
