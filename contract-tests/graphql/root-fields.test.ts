import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL root fields, preview and locales`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let tokens: { delivery: string; preview: string };
    const ask = (query: string, token = tokens.delivery) => g.gql(spaceId, token, query);

    beforeAll(async () => {
      spaceId = (await g.space('Roots')).id;
      tokens = await g.keys(spaceId);
      expect(
        (
          await api().post(`/spaces/${spaceId}/locales`, {
            name: 'Swiss German',
            code: 'de-CH',
            fallbackCode: 'de-DE',
            optional: true,
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await api().post(`/spaces/${spaceId}/locales`, {
            name: 'French',
            code: 'fr-FR',
            fallbackCode: null,
            optional: true,
          })
        ).status,
      ).toBe(201);
      await g.contentType(spaceId, 'page', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'rank', type: 'Integer' },
        { id: 'parent', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['page'] }] },
      ]);
      await g.entries(spaceId, [
        {
          id: 'p1',
          contentType: 'page',
          fields: { title: { 'en-US': 'Home', 'de-DE': 'Startseite' }, rank: { 'en-US': 1 } },
          published: { at: '2024-03-01T00:00:00.000Z' },
        },
        {
          id: 'p2',
          contentType: 'page',
          version: 3,
          fields: {
            title: { 'en-US': 'About (draft)' },
            rank: { 'en-US': 2 },
            parent: { 'en-US': link('Entry', 'p1') },
          },
          published: {
            fields: { title: { 'en-US': 'About' }, rank: { 'en-US': 2 }, parent: { 'en-US': link('Entry', 'p1') } },
            at: '2024-02-01T00:00:00.000Z',
          },
        },
        {
          id: 'p3',
          contentType: 'page',
          fields: { title: { 'en-US': 'Draft only' }, parent: { 'en-US': link('Entry', 'p2') } },
        },
      ]);
      await g.assets(spaceId, [
        {
          id: 'a1',
          published: true,
          fields: {
            title: { 'en-US': 'Logo', 'de-DE': 'Bild' },
            description: { 'en-US': 'The logo' },
            file: {
              'en-US': {
                url: '//images.example/s/a1/k/logo.png',
                fileName: 'logo.png',
                contentType: 'image/png',
                details: { size: 1234, image: { width: 40, height: 20 } },
              },
            },
          },
        },
        {
          id: 'a2',
          published: true,
          fields: {
            title: { 'en-US': 'Doc' },
            file: {
              'en-US': {
                url: 'https://files.example/doc.pdf',
                fileName: 'doc.pdf',
                contentType: 'application/pdf',
                details: { size: 9 },
              },
            },
          },
        },
      ]);
    });

    it('single and collection fields read published content by default, newest publishedAt first', async () => {
      const res = await ask(
        '{ page(id: "p2") { title rank } missing: page(id: "p3") { title } pageCollection { skip limit total items { sys { id } title } } }',
      );
      expect(res.body).toEqual({
        data: {
          page: { title: 'About', rank: 2 },
          missing: null,
          pageCollection: {
            skip: 0,
            limit: 100,
            total: 2,
            items: [
              { sys: { id: 'p1' }, title: 'Home' },
              { sys: { id: 'p2' }, title: 'About' },
            ],
          },
        },
      });
    });

    it('skip and limit page the collection; a limit above 1000 fails the field (collection-paging.test.ts)', async () => {
      expect(
        (await ask('{ pageCollection(skip: 1, limit: 1) { skip limit total items { sys { id } } } }')).body.data
          .pageCollection,
      ).toEqual({ skip: 1, limit: 1, total: 2, items: [{ sys: { id: 'p2' } }] });
      expect((await ask('{ pageCollection(limit: 5000) { limit } }')).body.data.pageCollection).toBeNull();
    });

    it('preview: true reads drafts with a preview token and cascades to links; a delivery token gets 401 ACCESS_TOKEN_INVALID', async () => {
      const res = await ask(
        '{ pageCollection(preview: true, order: [sys_id_ASC]) { total items { title parent { title } } } }',
        tokens.preview,
      );
      expect(res.body).toEqual({
        data: {
          pageCollection: {
            total: 3,
            items: [
              { title: 'Home', parent: null },
              { title: 'About (draft)', parent: { title: 'Home' } },
              { title: 'Draft only', parent: { title: 'About (draft)' } },
            ],
          },
        },
      });
      const mixed = await ask('{ page(id: "p2") { title parent(preview: true) { title } } }', tokens.preview);
      expect(mixed.body.data.page).toEqual({ title: 'About', parent: { title: 'Home' } });
      const denied = await ask('{ page(id: "p3", preview: true) { title } }');
      expect([denied.status, g.code(denied)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      expect(denied.body.data).toBeUndefined();
      const nested = await ask('{ page(id: "p2") { parent(preview: true) { title } } }');
      expect([nested.status, g.code(nested)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      expect((await ask('{ page(id: "p1") { title } }', tokens.preview)).body.data.page).toEqual({ title: 'Home' });
    });

    it('locale: default locale, fallback chain, per-field override, cascade to links; non-localized fields keep the default value', async () => {
      const res = await ask(`{ swiss: page(id: "p1", locale: "de-CH") { title rank english: title(locale: "en-US") }
        german: page(id: "p2", locale: "de-DE") { title parent { title } }
        english: page(id: "p2") { parent(locale: "de-DE") { title } }
        french: page(id: "p1", locale: "fr-FR") { title rank } }`);
      expect(res.body).toEqual({
        data: {
          swiss: { title: 'Startseite', rank: 1, english: 'Home' },
          german: { title: 'About', parent: { title: 'Startseite' } }, // de-DE falls back to en-US
          english: { parent: { title: 'Startseite' } },
          french: { title: null, rank: 1 },
        },
      });
    });

    it('UNKNOWN_LOCALE fails only its path (200, partial data)', async () => {
      const res = await ask(
        '{ page(id: "p1") { title other: title(locale: "xx-XX") } bad: pageCollection(locale: "xx-XX") { total } }',
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ page: { title: 'Home', other: null }, bad: null });
      expect(
        res.body.errors.map((e: { path: unknown; extensions: { service: { code: string } } }) => [
          e.path,
          e.extensions.service.code,
        ]),
      ).toEqual(
        expect.arrayContaining([
          [['page', 'other'], 'UNKNOWN_LOCALE'],
          [['bad'], 'UNKNOWN_LOCALE'],
        ]),
      );
    });

    it('asset and assetCollection: title, description, file attributes, absolute https URL, locale', async () => {
      const res =
        await ask(`{ asset(id: "a1") { sys { id } title description contentType fileName url size width height german: title(locale: "de-DE") }
        assetCollection(order: [sys_id_ASC]) { total items { fileName url width height } } }`);
      expect(res.body).toEqual({
        data: {
          asset: {
            sys: { id: 'a1' },
            title: 'Logo',
            description: 'The logo',
            contentType: 'image/png',
            fileName: 'logo.png',
            url: 'https://images.example/s/a1/k/logo.png',
            size: 1234,
            width: 40,
            height: 20,
            german: 'Bild',
          },
          assetCollection: {
            total: 2,
            items: [
              { fileName: 'logo.png', url: 'https://images.example/s/a1/k/logo.png', width: 40, height: 20 },
              { fileName: 'doc.pdf', url: 'https://files.example/doc.pdf', width: null, height: null },
            ],
          },
        },
      });
      expect(g.cost(res)).toBe('101');
    });
  });
}
