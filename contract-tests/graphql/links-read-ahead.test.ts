import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { fewestStatements, UNCACHED_RESPONSES } from '../support/statement-count.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

/**
 * A collection reads the entries its items link to in its own statement, when the query selects those links: the
 * page and its authors cost one statement. What the read-ahead cannot answer (a target missing in that state, a link
 * through a field not selected at the top) still resolves through the per-request loaders, with the same results.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL collections read their items' linked entries ahead`, () => {
    const api = useServer(kind, { env: UNCACHED_RESPONSES });
    const g = graphqlFixtures(api);
    let space: string;
    let token: string;
    let preview: string;

    beforeAll(async () => {
      space = (await g.space('Read ahead')).id;
      await g.contentType(space, 'person', [
        { id: 'name', type: 'Symbol' },
        { id: 'mentor', type: 'Link', linkType: 'Entry' },
      ]);
      await g.contentType(space, 'article', [
        { id: 'title', type: 'Symbol' },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        { id: 'reviewers', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } },
      ]);
      await g.entries(space, [
        { id: 'mentor', contentType: 'person', fields: { name: en('Mentor') }, published: true },
        { id: 'p1', contentType: 'person', fields: { name: en('Ada'), mentor: en(link('mentor')) }, published: true },
        { id: 'p2', contentType: 'person', fields: { name: en('Grace') }, published: true },
        // A draft: delivery cannot resolve a link to it, preview can.
        { id: 'p3', contentType: 'person', fields: { name: en('Draft person') } },
      ]);
      await g.entries(space, [
        {
          id: 'a1',
          fields: { title: en('A1'), author: en(link('p1')), reviewers: en([link('p2'), link('p1')]) },
          published: true,
        },
        { id: 'a2', fields: { title: en('A2'), author: en(link('p2')), reviewers: en([]) }, published: true },
        { id: 'a3', fields: { title: en('A3'), author: en(link('p3')) }, published: true },
        { id: 'a4', fields: { title: en('A4') }, published: true },
      ]);
      ({ delivery: token, preview } = await g.keys(space));
    });

    /**
     * The answer and the SQL statements of one warm request (see fewestStatements). Pages are full where statements
     * are counted: a page ordered by a field that runs short reads the entries without a value next.
     */
    async function run(query: string, as = token) {
      const answer = await g.gql(space, as, query);
      const statements = await fewestStatements(api(), async () => {
        const again = await g.gql(space, as, query);
        expect(again.body.data).toEqual(answer.body.data);
        expect(again.body.errors?.map((e: { path: unknown }) => e.path)).toEqual(
          answer.body.errors?.map((e: { path: unknown }) => e.path),
        );
      });
      return { answer, statements };
    }

    it('a page and the entries its single links point to: one statement, the same data as resolved one by one', async () => {
      const where = 'where: { sys: { id_in: ["a1", "a2", "a4"] } }';
      const { answer, statements } = await run(
        `{ articleCollection(${where}, order: [title_ASC], limit: 3) { items { title author { name } } } }`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.articleCollection.items).toEqual([
        { title: 'A1', author: { name: 'Ada' } },
        { title: 'A2', author: { name: 'Grace' } },
        { title: 'A4', author: null },
      ]);
      expect(statements).toBe(1);
      // Without the link selected, the page alone: the same single statement, no linked rows asked for.
      expect(
        (await run(`{ articleCollection(${where}, order: [title_ASC], limit: 3) { items { title } } }`)).statements,
      ).toBe(1);
    });

    it('link collections and fragments are read ahead too', async () => {
      const query = `{ articleCollection(where: { sys: { id: "a1" } }) { items { ...Reviewed } } }
        fragment Reviewed on Article { reviewersCollection { items { ... on Person { name } } } }`;
      const { answer, statements } = await run(query);
      expect(answer.body.data.articleCollection.items).toEqual([
        { reviewersCollection: { items: [{ name: 'Grace' }, { name: 'Ada' }] } },
      ]);
      expect(statements).toBe(1);
    });

    it('a target missing in the state read still fails its path with UNRESOLVABLE_LINK, and preview resolves it', async () => {
      const query = '{ articleCollection(where: { sys: { id: "a3" } }) { items { title author { name } } } }';
      const { answer } = await run(query);
      expect(answer.body.data.articleCollection.items).toEqual([{ title: 'A3', author: null }]);
      expect(g.code(answer)).toBe('UNRESOLVABLE_LINK');
      expect(answer.body.errors[0].path).toEqual(['articleCollection', 'items', 0, 'author']);
      const previewed = await run(query.replace('(where', '(preview: true, where'), preview);
      expect(previewed.answer.body).toEqual({
        data: { articleCollection: { items: [{ title: 'A3', author: { name: 'Draft person' } }] } },
      });
      expect(previewed.statements).toBe(1);
    });

    it('links one level further down resolve through the loaders: one more statement per level', async () => {
      const query =
        '{ articleCollection(where: { sys: { id_in: ["a1", "a2"] } }, order: [title_ASC], limit: 2) { items { author { name mentor { ... on Person { name } } } } } }';
      const { answer, statements } = await run(query);
      expect(answer.body).toEqual({
        data: {
          articleCollection: {
            items: [
              { author: { name: 'Ada', mentor: { name: 'Mentor' } } },
              { author: { name: 'Grace', mentor: null } },
            ],
          },
        },
      });
      expect(statements).toBe(2);
    });

    it('an empty page and a page of entries that link nowhere answer as before, in one statement', async () => {
      const { answer } = await run(
        '{ articleCollection(where: { sys: { id: "none" } }) { total items { author { name } } } }',
      );
      expect(answer.body).toEqual({ data: { articleCollection: { total: 0, items: [] } } });
      const unlinked = await run(
        '{ articleCollection(where: { sys: { id: "a4" } }) { items { title author { name } reviewersCollection { total } } } }',
      );
      expect(unlinked.answer.body).toEqual({
        data: { articleCollection: { items: [{ title: 'A4', author: null, reviewersCollection: { total: 0 } }] } },
      });
      expect(unlinked.statements).toBe(1);
    });
  });
}
