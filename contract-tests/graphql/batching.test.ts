import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { fewestStatements, UNCACHED_RESPONSES } from '../support/statement-count.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const QUERY = '{ articleCollection(order: [title_ASC], limit: 100) { total items { title author { name } } } }';

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL link resolution is batched (no N+1 statements)`, () => {
    const api = useServer(kind, { env: UNCACHED_RESPONSES });
    const g = graphqlFixtures(api);
    const spaces = new Map<number, { id: string; token: string }>();

    beforeAll(async () => {
      for (const size of [5, 50]) {
        const id = (await g.space(`Articles ${size}`)).id;
        await g.contentType(id, 'person', [{ id: 'name', type: 'Symbol' }]);
        await g.contentType(id, 'article', [
          { id: 'title', type: 'Symbol' },
          { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        ]);
        // Every article has its own author: the worst case for per-item link reads.
        await g.entries(
          id,
          Array.from({ length: size }, (_, i) => ({
            id: `p${i}`,
            contentType: 'person',
            fields: { name: en(`Person ${i}`) },
            published: true,
          })),
        );
        await g.entries(
          id,
          Array.from({ length: size }, (_, i) => ({
            id: `a${i}`,
            fields: { title: en(`Article ${String(i).padStart(2, '0')}`), author: en(link(`p${i}`)) },
            published: true,
          })),
        );
        spaces.set(size, { id, token: (await g.keys(id)).delivery });
      }
    });

    /** Statements of one request, warm (see fewestStatements); `cold`: with the read cache emptied first (totals counted). */
    async function statementsOf(size: number, query = QUERY, cold = false): Promise<number> {
      const { id, token } = spaces.get(size)!;
      const warm = await g.gql(id, token, query);
      expect(warm.status, JSON.stringify(warm.body)).toBe(200);
      if (query === QUERY) expect(warm.body.data.articleCollection.total).toBe(size);
      expect(warm.body.data.articleCollection.items[size - 1]).toEqual({
        title: `Article ${String(size - 1).padStart(2, '0')}`,
        author: { name: `Person ${size - 1}` },
      });
      return fewestStatements(api(), async () => {
        if (cold) api().tessera.cache?.clear();
        expect((await g.gql(id, token, query)).status).toBe(200);
      });
    }

    it('a collection whose total is not selected is not counted (one statement fewer); a fragment still gets it', async () => {
      // Cold: a warm total comes from the read cache (search totals are cached until a write), counted by neither.
      const withTotal = await statementsOf(5, QUERY, true);
      const withoutTotal = await statementsOf(5, QUERY.replace(' total', ''), true);
      expect(withoutTotal).toBe(withTotal - 1);
      const { id, token } = spaces.get(5)!;
      const viaFragment = await g.gql(
        id,
        token,
        '{ articleCollection { ...F } } fragment F on ArticleCollection { total }',
      );
      expect(viaFragment.body).toEqual({ data: { articleCollection: { total: 5 } } });
    });

    it('5 and 50 articles with their authors take the same number of SQL statements', async () => {
      const five = await statementsOf(5);
      const fifty = await statementsOf(50);
      expect(five).toBeGreaterThan(0);
      expect(fifty).toBe(five);
      expect(fifty).toBeLessThan(10);
    });
  });
}
