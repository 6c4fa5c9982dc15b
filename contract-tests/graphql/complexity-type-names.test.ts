import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL complexity knows collections by what they are, not by a name ending in Collection`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;

    beforeAll(async () => {
      spaceId = (await g.space('Complexity names')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'article', [{ id: 'title', type: 'Symbol' }]);
      // Entry types named `...Collection` with a field `items`: shaped like a collection, but each is one entry.
      await g.contentType(spaceId, 'photoCollection', [
        { id: 'title', type: 'Symbol' },
        { id: 'items', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['article'] }] },
      ]);
      await g.contentType(spaceId, 'collection', [
        { id: 'items', type: 'Array', items: { type: 'Symbol', validations: [] } },
        {
          id: 'kids',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['article'] }] },
        },
      ]);
      await g.entries(spaceId, [
        { id: 'a1', contentType: 'article', fields: { title: en('Hello') }, published: true },
        {
          id: 'p1',
          contentType: 'photoCollection',
          fields: { title: en('Photos'), items: en(link('a1')) },
          published: true,
        },
        {
          id: 'c1',
          contentType: 'collection',
          fields: { items: en(['x', 'y']), kids: en([link('a1')]) },
          published: true,
        },
      ]);
    });

    const cost = async (query: string) => {
      const res = await g.gql(spaceId, token, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return g.cost(res);
    };

    it('an entry of a type named PhotoCollection counts 1, and its links count as links of a single entry', async () => {
      expect(await cost('{ photoCollection(id: "p1") { title items { title } } }')).toBe('2');
      expect(await cost('{ photoCollectionCollection(limit: 5) { items { items { title } } } }')).toBe('10');
      expect(await cost('{ collection(id: "c1") { items } }')).toBe('1');
    });

    it('20 parents x limit 10 = 220 when the parent type is named Collection', async () => {
      expect(
        await cost(
          '{ collectionCollection(limit: 20) { items { items kidsCollection(limit: 10) { items { title } } } } }',
        ),
      ).toBe('220');
    });
  });
}
