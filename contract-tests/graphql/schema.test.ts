import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const linkTo = (...types: string[]) => (types.length ? [{ linkContentType: types }] : []);

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL schema generation`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;

    beforeAll(async () => {
      spaceId = (await g.space('Schema')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'author', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(spaceId, 'blog_post', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'body', type: 'Text' },
        { id: 'views', type: 'Integer' },
        { id: 'rating', type: 'Number' },
        { id: 'day', type: 'Date' },
        { id: 'featured', type: 'Boolean' },
        { id: 'meta', type: 'Object' },
        { id: 'labels', type: 'Array', items: { type: 'Symbol', validations: [] } },
        { id: 'place', type: 'Location' },
        { id: 'secret', type: 'Symbol', omitted: true },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: linkTo('author') },
        { id: 'anything', type: 'Link', linkType: 'Entry' },
        { id: 'hero_image', type: 'Link', linkType: 'Asset' },
        { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: linkTo('blog_post') } },
        { id: 'gallery', type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [] } },
      ]);
      await g.contentType(spaceId, 'location', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(spaceId, 'draft_only', [{ id: 'name', type: 'Symbol' }], { activated: false });
    });

    // The full SDL is snapshotted from fixture models in snapshots.test.ts (`make graphql-snapshots`).
    it('prints the SDL of the activated model', async () => {
      const res = await g.gql(spaceId, token, getIntrospectionQuery());
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      const sdl = printSchema(buildClientSchema(res.body.data));
      expect(sdl).toContain('type BlogPost implements Entry');
      expect(sdl).toContain('type ContentTypeLocation implements Entry');
      expect(sdl).not.toContain('DraftOnly');
      expect(sdl).not.toContain('secret');
    });

    it('maps every field type: values come back typed, links and collections resolve', async () => {
      await g.assets(spaceId, [
        {
          id: 'img',
          fields: {
            title: en('Pic'),
            file: en({
              url: '//assets.example/s/img/k/p.png',
              fileName: 'p.png',
              contentType: 'image/png',
              details: { size: 10, image: { width: 3, height: 4 } },
            }),
          },
          published: true,
        },
      ]);
      await g.entries(spaceId, [
        { id: 'au', contentType: 'author', fields: { name: en('Ann') }, published: true },
        {
          id: 'p1',
          contentType: 'blog_post',
          published: true,
          fields: {
            title: en('One'),
            body: en('Long text'),
            views: en(5),
            rating: en(4.5),
            day: en('2024-01-10T00:00:00.000Z'),
            featured: en(true),
            meta: en({ a: [1] }),
            labels: en(['x', 'y']),
            place: en({ lat: 1.5, lon: 2.5 }),
            secret: en('hidden'),
            author: en({ sys: { type: 'Link', linkType: 'Entry', id: 'au' } }),
            anything: en({ sys: { type: 'Link', linkType: 'Entry', id: 'au' } }),
            hero_image: en({ sys: { type: 'Link', linkType: 'Asset', id: 'img' } }),
            related: en([{ sys: { type: 'Link', linkType: 'Entry', id: 'p1' } }]),
            gallery: en([{ sys: { type: 'Link', linkType: 'Asset', id: 'img' } }]),
          },
        },
      ]);
      const res = await g.gql(
        spaceId,
        token,
        `{ blogPost(id: "p1") {
        __typename sys { id spaceId environmentId publishedVersion publishedAt firstPublishedAt }
        title body views rating day featured meta labels place { lat lon }
        author { name } anything { __typename ... on Author { name } } heroImage { url width }
        relatedCollection { total items { title } } galleryCollection { skip limit total items { fileName } } } }`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.blogPost).toEqual({
        __typename: 'BlogPost',
        sys: {
          id: 'p1',
          spaceId,
          environmentId: 'master',
          publishedVersion: 1,
          publishedAt: expect.any(String),
          firstPublishedAt: expect.any(String),
        },
        title: 'One',
        body: 'Long text',
        views: 5,
        rating: 4.5,
        day: '2024-01-10T00:00:00.000Z',
        featured: true,
        meta: { a: [1] },
        labels: ['x', 'y'],
        place: { lat: 1.5, lon: 2.5 },
        author: { name: 'Ann' },
        anything: { __typename: 'Author', name: 'Ann' },
        heroImage: { url: 'https://assets.example/s/img/k/p.png', width: 3 },
        relatedCollection: { total: 1, items: [{ title: 'One' }] },
        galleryCollection: { skip: 0, limit: 100, total: 1, items: [{ fileName: 'p.png' }] },
      });
      const hidden = await g.gql(spaceId, token, '{ blogPost(id: "p1") { secret } }');
      expect([hidden.status, g.code(hidden)]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
    });

    it('rebuilds the schema when the activated model changes, never serving a stale one', async () => {
      const s = (await g.space('Changing')).id;
      const t = (await g.keys(s)).delivery;
      expect(g.code(await g.gql(s, t, '{ bookCollection { total } }'))).toBe('GRAPHQL_VALIDATION_FAILED');
      // Through the API: the activated model is read through the read cache, which content-type writes invalidate.
      const ct = `/spaces/${s}/environments/master/content_types/book`;
      const title = { id: 'title', name: 'title', type: 'Symbol' };
      expect((await api().put(ct, { name: 'book', fields: [title] })).status).toBe(201);
      expect((await api().put(`${ct}/published`, undefined, g.version(1))).status).toBe(200);
      expect((await g.gql(s, t, '{ bookCollection { total } }')).body).toEqual({
        data: { bookCollection: { total: 0 } },
      });
      expect(g.code(await g.gql(s, t, '{ bookCollection { items { pages } } }'))).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(
        (
          await api().put(
            ct,
            { name: 'book', fields: [title, { id: 'pages', name: 'pages', type: 'Integer' }] },
            g.version(2),
          )
        ).status,
      ).toBe(200);
      expect((await api().put(`${ct}/published`, undefined, g.version(3))).status).toBe(200);
      expect((await g.gql(s, t, '{ bookCollection { items { pages } } }')).body).toEqual({
        data: { bookCollection: { items: [] } },
      });
    });

    it('500 COLLIDING_TYPE_NAMES, COLLIDING_FIELD_NAMES, RESERVED_FIELD_NAME with details; nothing else answers', async () => {
      const cases: Array<[Array<[string, string[]]>, string, Record<string, unknown>]> = [
        [
          [
            ['A_car', ['x']],
            ['a_car_', ['x']],
          ],
          'COLLIDING_TYPE_NAMES',
          { collidingContentTypeIds: ['A_car', 'a_car_'], resultingTypeName: 'ACar' },
        ],
        [
          [['car', ['my_field', 'myField']]],
          'COLLIDING_FIELD_NAMES',
          { contentTypeId: 'car', collidingFieldIds: ['my_field', 'myField'], resultingFieldName: 'myField' },
        ],
        [
          [['car', ['sys']]],
          'RESERVED_FIELD_NAME',
          { contentTypeId: 'car', fieldId: 'sys', resultingFieldName: 'sys' },
        ],
      ];
      for (const [types, code, details] of cases) {
        const s = (await g.space('Broken')).id;
        const t = (await g.keys(s)).delivery;
        for (const [id, fields] of types)
          await g.contentType(
            s,
            id,
            fields.map((f) => ({ id: f, type: 'Symbol' as const })),
          );
        const res = await g.gql(s, t, '{ __typename }');
        expect([res.status, g.code(res)]).toEqual([500, code]);
        expect(res.body.errors[0].extensions.service.details).toEqual(details);
        expect(res.body.data).toBeUndefined();
      }
    });
  });
}
