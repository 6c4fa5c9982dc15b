import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const en = (v: unknown) => ({ 'en-US': v });
type WireError = { path: unknown[]; message: string; extensions: { service: { code: string; details: unknown } } };

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL union types of links to several content types`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    const ask = (query: string) => g.gql(spaceId, token, query);

    beforeAll(async () => {
      spaceId = (await g.space('Unions')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'person', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(spaceId, 'post', [{ id: 'title', type: 'Symbol' }]);
      await g.contentType(spaceId, 'note', [{ id: 'text', type: 'Symbol' }]);
      await g.contentType(spaceId, 'article', [
        { id: 'title', type: 'Symbol' },
        { id: 'related', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post', 'person'] }] },
        {
          id: 'related_many',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post', 'person'] }] },
        },
        { id: 'single', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
      ]);
      await g.entries(spaceId, [
        { id: 'u1', contentType: 'person', published: true, fields: { name: en('Ann') } },
        { id: 'p1', contentType: 'post', published: true, fields: { title: en('A post') } },
        { id: 'n1', contentType: 'note', published: true, fields: { text: en('A note') } },
        {
          id: 'a1',
          contentType: 'article',
          published: true,
          fields: {
            title: en('One'),
            related: en(link('p1')),
            related_many: en([link('u1'), link('p1')]),
            single: en(link('u1')),
          },
        },
        {
          id: 'a2',
          contentType: 'article',
          published: true,
          fields: {
            title: en('Two'),
            related: en(link('u1')),
            related_many: en([link('p1'), link('n1'), link('gone')]),
          },
        },
        { id: 'a3', contentType: 'article', published: true, fields: { title: en('Three'), related: en(link('n1')) } },
      ]);
    });

    it('a link to several types is a union `<Type><Field>`; an array of them `<Type><Field>Collection` of `<Type><Field>Item`', async () => {
      const res = await ask(`{ article: __type(name: "Article") { fields { name type { name kind } } }
        one: __type(name: "ArticleRelated") { kind possibleTypes { name } }
        item: __type(name: "ArticleRelatedManyItem") { kind possibleTypes { name } }
        many: __type(name: "ArticleRelatedManyCollection") { fields { name type { kind ofType { name kind } } } } }`);
      const types = Object.fromEntries(
        res.body.data.article.fields.map((f: { name: string; type: { name: string; kind: string } }) => [
          f.name,
          f.type,
        ]),
      );
      expect(types.related).toEqual({ name: 'ArticleRelated', kind: 'UNION' });
      expect(types.relatedManyCollection).toEqual({ name: 'ArticleRelatedManyCollection', kind: 'OBJECT' });
      expect(types.single).toEqual({ name: 'Person', kind: 'OBJECT' });
      expect(res.body.data.one).toEqual({ kind: 'UNION', possibleTypes: [{ name: 'Post' }, { name: 'Person' }] });
      expect(res.body.data.item).toEqual({ kind: 'UNION', possibleTypes: [{ name: 'Post' }, { name: 'Person' }] });
      expect(res.body.data.many.fields.find((f: { name: string }) => f.name === 'items').type).toEqual({
        kind: 'NON_NULL',
        ofType: { name: null, kind: 'LIST' },
      });
    });

    it('members resolve to their own type through inline fragments', async () => {
      const res = await ask(`{ article(id: "a1") { related { __typename ... on Post { title } ... on Person { name } }
        relatedManyCollection { total items { __typename ... on Person { name } ... on Post { title } } } } }`);
      expect(res.body).toEqual({
        data: {
          article: {
            related: { __typename: 'Post', title: 'A post' },
            relatedManyCollection: {
              total: 2,
              items: [
                { __typename: 'Person', name: 'Ann' },
                { __typename: 'Post', title: 'A post' },
              ],
            },
          },
        },
      });
    });

    it('UNEXPECTED_LINKED_CONTENT_TYPE for a target outside the union, UNRESOLVABLE_LINK for a missing one, per path with null data', async () => {
      const res = await ask(`{ a2: article(id: "a2") { title relatedManyCollection { items { __typename } } }
        a3: article(id: "a3") { title related { __typename } } }`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        a2: { title: 'Two', relatedManyCollection: { items: [{ __typename: 'Post' }, null, null] } },
        a3: { title: 'Three', related: null },
      });
      const errors = (res.body.errors as WireError[]).map((e) => [
        e.path,
        e.extensions.service.code,
        e.extensions.service.details,
      ]);
      expect(errors).toEqual(
        expect.arrayContaining([
          [
            ['a2', 'relatedManyCollection', 'items', 1],
            'UNEXPECTED_LINKED_CONTENT_TYPE',
            { type: 'Article', field: 'related_many', linkId: 'n1', linkingEntryId: 'a2', contentType: 'note' },
          ],
          [
            ['a2', 'relatedManyCollection', 'items', 2],
            'UNRESOLVABLE_LINK',
            { type: 'Article', field: 'related_many', linkType: 'Entry', linkId: 'gone', linkingEntryId: 'a2' },
          ],
          [
            ['a3', 'related'],
            'UNEXPECTED_LINKED_CONTENT_TYPE',
            { type: 'Article', field: 'related', linkId: 'n1', linkingEntryId: 'a3', contentType: 'note' },
          ],
        ]),
      );
      expect(res.body.errors).toHaveLength(3);
    });

    it('complexity: a union link counts 1 per parent; a union collection its limit per parent', async () => {
      expect(g.cost(await ask('{ article(id: "a1") { related { __typename } } }'))).toBe('2');
      expect(g.cost(await ask('{ articleCollection(limit: 10) { items { related { __typename } } } }'))).toBe('20');
      expect(
        g.cost(
          await ask(
            '{ articleCollection(limit: 10) { items { relatedManyCollection(limit: 5) { items { __typename } } } } }',
          ),
        ),
      ).toBe('60');
    });

    it('a union name that equals another generated type name fails schema generation with COLLIDING_TYPE_NAMES', async () => {
      const s = (await g.space('UnionCollision')).id;
      const t = (await g.keys(s)).delivery;
      await g.contentType(s, 'a', [{ id: 'x', type: 'Symbol' }]);
      await g.contentType(s, 'b', [{ id: 'x', type: 'Symbol' }]);
      await g.contentType(s, 'articleRelated', [{ id: 'x', type: 'Symbol' }]);
      await g.contentType(s, 'article', [
        { id: 'related', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['a', 'b'] }] },
      ]);
      const res = await g.gql(s, t, '{ __typename }');
      expect([res.status, g.code(res)]).toEqual([500, 'COLLIDING_TYPE_NAMES']);
      expect(res.body.errors[0].extensions.service.details).toEqual({
        collidingContentTypeIds: ['article', 'articleRelated'],
        resultingTypeName: 'ArticleRelated',
      });
      expect(res.body.errors[0].message).toBe(
        "Schema generation failed. Type name generated for the content types 'article', 'articleRelated' would be the same for all of them: 'ArticleRelated'",
      );
    });
  });
}
