import { beforeAll, describe, expect, it } from 'vitest';
import { assetLink, entryLink } from '../support/content-fixtures.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer, type ApiResponse } from '../support/harness.ts';
import { installModel } from './fixtures/install.ts';
import { loadModel } from './fixtures/models.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const en = (v: unknown) => ({ 'en-US': v });

/** A rich text document embedding one entry and one asset as blocks. */
const doc = (entryId: string, assetId: string) => ({
  nodeType: 'document',
  data: {},
  content: [
    { nodeType: 'embedded-entry-block', data: { target: entryLink(entryId) }, content: [] },
    { nodeType: 'embedded-asset-block', data: { target: assetLink(assetId) }, content: [] },
  ],
});

/** `[path, code]` of each error of an answer. */
const errorsOf = (res: ApiResponse) =>
  (res.body.errors ?? []).map((e: { path?: unknown[]; extensions: { service: { code: string } } }) => [
    e.path,
    e.extensions.service.code,
  ]);

/**
 * The spec's Preview rules and Locale rules (and reference §5.5) on the articles fixture model: locales en-US
 * (default), de-DE -> en-US, de-AT -> de-DE -> en-US and fr-FR without fallback.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL preview and locale cascades`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let tokens: { delivery: string; preview: string };
    const ask = (query: string, token = tokens.delivery) => g.gql(spaceId, token, query);

    beforeAll(async () => {
      const space = await installModel(api, loadModel('articles'), 'Cascades');
      spaceId = space.spaceId;
      tokens = space;
      await g.assets(spaceId, [
        {
          id: 'img1',
          version: 3,
          fields: { title: en('Hero (draft)'), file: en({ url: '//img.example/1.png', fileName: '1.png' }) },
          published: {
            fields: {
              title: { 'en-US': 'Hero', 'de-DE': 'Held' },
              file: en({ url: '//img.example/1.png', fileName: '1.png' }),
            },
          },
        },
        { id: 'img2', published: true, fields: { title: { 'en-US': 'Other image', 'de-DE': 'Anderes Bild' } } },
      ]);
      await g.entries(spaceId, [
        {
          id: 'ann',
          contentType: 'author',
          version: 3,
          fields: { name: en('Ann (draft)'), bio: en('Writer (draft)'), avatar: en(assetLink('img1')) },
          published: {
            fields: { name: en('Ann'), bio: { 'en-US': 'Writer', 'de-DE': 'Autorin' }, avatar: en(assetLink('img1')) },
          },
        },
        { id: 'bob', contentType: 'author', published: true, fields: { name: en('Bob') } },
        { id: 'dora', contentType: 'author', fields: { name: en('Dora') } },
        {
          id: 'news',
          contentType: 'category',
          published: true,
          fields: { title: { 'en-US': 'News', 'de-DE': 'Nachrichten' }, slug: en('news') },
        },
        {
          id: 'tech',
          contentType: 'category',
          version: 3,
          fields: { title: en('Tech (draft)'), slug: en('tech'), parent: en(entryLink('news')) },
          published: { fields: { title: en('Tech'), slug: en('tech'), parent: en(entryLink('news')) } },
        },
        { id: 'hidden', contentType: 'category', fields: { title: en('Hidden'), slug: en('hidden') } },
        {
          id: 'a1',
          contentType: 'article',
          version: 3,
          fields: {
            title: en('Hello (draft)'),
            slug: en('hello'),
            views: en(11),
            author: en(entryLink('dora')),
            categories: en([entryLink('hidden'), entryLink('tech')]),
            heroImage: en(assetLink('img1')),
            body: en(doc('tech', 'img1')),
          },
          published: {
            fields: {
              title: { 'en-US': 'Hello', 'de-DE': 'Hallo' },
              slug: en('hello'),
              views: en(10),
              tags: { 'en-US': ['a', 'b'], 'de-DE': ['x'] },
              author: en(entryLink('ann')),
              categories: en([entryLink('tech'), entryLink('news')]),
              heroImage: { 'en-US': assetLink('img1'), 'de-DE': assetLink('img2') },
              promoted: en(entryLink('bob')),
              body: { 'en-US': doc('tech', 'img1'), 'de-DE': doc('news', 'img2') },
            },
          },
        },
        {
          id: 'a2',
          contentType: 'article',
          version: 3,
          fields: { title: en('Second (draft)'), slug: en('second'), author: en(entryLink('ann')) },
          published: { fields: { title: en('Second'), slug: en('second'), author: en(entryLink('bob')) } },
        },
        {
          id: 'a3',
          contentType: 'article',
          published: true,
          fields: {
            title: { 'en-US': 'Third', 'de-DE': '' },
            slug: en('third'),
            tags: { 'en-US': ['t'], 'de-DE': null },
          },
        },
      ]);
    });

    describe('preview', () => {
      it('is false by default, even with a preview token', async () => {
        const q =
          '{ article(id: "a1") { title author { name } categoriesCollection { items { title } } heroImage { title } } }';
        const expected = {
          data: {
            article: {
              title: 'Hello',
              author: { name: 'Ann' },
              categoriesCollection: { items: [{ title: 'Tech' }, { title: 'News' }] },
              heroImage: { title: 'Hero' },
            },
          },
        };
        expect((await ask(q)).body).toEqual(expected);
        expect((await ask(q, tokens.preview)).body).toEqual(expected);
      });

      it('cascades to every reference below it: entries, collections, assets, two levels deep', async () => {
        const res = await ask(
          `{ article(id: "a1", preview: true) { title author { name } categoriesCollection { items { title parent { title } } } heroImage { title } }
          second: article(id: "a2", preview: true) { author { name avatar { title } } }
          articleCollection(preview: true, where: { slug: "second" }) { items { author { avatar { title } } } } }`,
          tokens.preview,
        );
        expect(res.body).toEqual({
          data: {
            article: {
              title: 'Hello (draft)',
              author: { name: 'Dora' },
              categoriesCollection: {
                items: [
                  { title: 'Hidden', parent: null },
                  { title: 'Tech (draft)', parent: { title: 'News' } },
                ],
              },
              heroImage: { title: 'Hero (draft)' },
            },
            second: { author: { name: 'Ann (draft)', avatar: { title: 'Hero (draft)' } } },
            articleCollection: { items: [{ author: { avatar: { title: 'Hero (draft)' } } }] },
          },
        });
      });

      it("a nested field that sets its own value wins, for itself and below; the link itself is read in the parent's state", async () => {
        const res = await ask(
          `{ second: article(id: "a2", preview: true) { title author(preview: false) { name avatar { title } } }
          first: article(id: "a1", preview: true) { categoriesCollection(preview: false) { items { title } } author(preview: false) { name } } }`,
          tokens.preview,
        );
        expect(res.status).toBe(200);
        // a2's draft links ann, read published (and her avatar too); a1's draft links hidden, tech and dora, read published.
        expect(res.body.data).toEqual({
          second: { title: 'Second (draft)', author: { name: 'Ann', avatar: { title: 'Hero' } } },
          first: { categoriesCollection: { items: [null, { title: 'Tech' }] }, author: null },
        });
        expect(errorsOf(res)).toEqual(
          expect.arrayContaining([
            [['first', 'categoriesCollection', 'items', 0], 'UNRESOLVABLE_LINK'],
            [['first', 'author'], 'UNRESOLVABLE_LINK'],
          ]),
        );
        expect(res.body.errors).toHaveLength(2);

        const up = await ask('{ article(id: "a2") { title author(preview: true) { name } } }', tokens.preview);
        expect(up.body).toEqual({ data: { article: { title: 'Second', author: { name: 'Bob' } } } });
        const draftAuthor = await ask(
          '{ article(id: "a1") { title author(preview: true) { name avatar { title } } heroImage(preview: true) { title } } }',
          tokens.preview,
        );
        expect(draftAuthor.body).toEqual({
          data: {
            article: {
              title: 'Hello',
              author: { name: 'Ann (draft)', avatar: { title: 'Hero (draft)' } },
              heroImage: { title: 'Hero (draft)' },
            },
          },
        });
      });

      it('cascades into rich text links and linkedFrom collections, which read their own preview argument', async () => {
        const body = 'body { links { entries { block { ... on Category { title } } } assets { block { title } } } }';
        const res = await ask(
          `{ draft: article(id: "a1", preview: true) { ${body} } published: article(id: "a1") { ${body} }
          tech: category(id: "tech", preview: true) { title linkedFrom { articleCollection { items { title } } published: articleCollection(preview: false) { items { title } } } } }`,
          tokens.preview,
        );
        const links = (category: string, asset: string) => ({
          body: { links: { entries: { block: [{ title: category }] }, assets: { block: [{ title: asset }] } } },
        });
        expect(res.body).toEqual({
          data: {
            draft: links('Tech (draft)', 'Hero (draft)'),
            published: links('Tech', 'Hero'),
            tech: {
              title: 'Tech (draft)',
              linkedFrom: {
                articleCollection: { items: [{ title: 'Hello (draft)' }] },
                published: { items: [{ title: 'Hello' }] },
              },
            },
          },
        });
      });

      it('any query reading non-published content, mixed ones included, needs a preview token: 401 ACCESS_TOKEN_INVALID and no data', async () => {
        const queries = [
          '{ article(id: "a1", preview: true) { title } }',
          '{ article(id: "a1") { title } draft: article(id: "a1", preview: true) { title } }',
          '{ article(id: "a1") { title author(preview: true) { name } } }',
          '{ article(id: "a1") { categoriesCollection(preview: true) { total } } }',
          '{ article(id: "a1") { heroImage(preview: true) { title } } }',
          '{ article(id: "a1", preview: true) { author(preview: false) { name } } }',
          '{ assetCollection(preview: true) { total } }',
        ];
        for (const q of queries) {
          const res = await ask(q);
          expect([res.status, g.code(res)], q).toEqual([401, 'ACCESS_TOKEN_INVALID']);
          expect(res.body.data, q).toBeUndefined();
          expect(
            res.body.errors.every(
              (e: { extensions: { service: { code: string } } }) =>
                e.extensions.service.code === 'ACCESS_TOKEN_INVALID',
            ),
            q,
          ).toBe(true);
        }
        const published = await ask('{ article(id: "a1", preview: false) { author(preview: false) { name } } }');
        expect(published.body).toEqual({ data: { article: { author: { name: 'Ann' } } } });
      });
    });

    describe('locale', () => {
      it('defaults to the default locale when none is given', async () => {
        const res = await ask(
          '{ article(id: "a1") { title tags heroImage { title } author { bio } } asset(id: "img1") { title } }',
        );
        expect(res.body).toEqual({
          data: {
            article: { title: 'Hello', tags: ['a', 'b'], heroImage: { title: 'Hero' }, author: { bio: 'Writer' } },
            asset: { title: 'Hero' },
          },
        });
      });

      it('cascades to references: link values and linked entities are read in it; non-localized fields keep the default locale value', async () => {
        const res =
          await ask(`{ article(id: "a1", locale: "de-DE") { title tags views slug heroImage { title } author { name bio }
          categoriesCollection { items { title parent { title } } } }
          articleCollection(locale: "de-DE", where: { slug: "hello" }) { items { heroImage { title } } } }`);
        expect(res.body).toEqual({
          data: {
            article: {
              title: 'Hallo',
              tags: ['x'],
              views: 10,
              slug: 'hello',
              heroImage: { title: 'Anderes Bild' },
              author: { name: 'Ann', bio: 'Autorin' },
              categoriesCollection: {
                items: [
                  { title: 'Tech', parent: { title: 'Nachrichten' } },
                  { title: 'Nachrichten', parent: null },
                ],
              },
            },
            articleCollection: { items: [{ heroImage: { title: 'Anderes Bild' } }] },
          },
        });
      });

      it("on a reference field only the referenced entity uses it: the link value keeps the parent's locale", async () => {
        const res =
          await ask(`{ en: article(id: "a1") { heroImage(locale: "de-DE") { title } author(locale: "de-DE") { bio } categoriesCollection(locale: "de-DE") { items { title } } }
          de: article(id: "a1", locale: "de-DE") { heroImage(locale: "en-US") { title } } }`);
        // en-US links img1 (read in de-DE: "Held"); de-DE links img2 (read in en-US: "Other image").
        expect(res.body).toEqual({
          data: {
            en: {
              heroImage: { title: 'Held' },
              author: { bio: 'Autorin' },
              categoriesCollection: { items: [{ title: 'Tech' }, { title: 'Nachrichten' }] },
            },
            de: { heroImage: { title: 'Other image' } },
          },
        });
      });

      it("cascades into rich text links (a rich text field's own locale too) and linkedFrom collections", async () => {
        const body = (locale?: string) =>
          `body${locale ? `(locale: "${locale}")` : ''} { links { entries { block { ... on Category { title } } } assets { block { title } } } }`;
        const res =
          await ask(`{ de: article(id: "a1", locale: "de-DE") { ${body()} } field: article(id: "a1") { ${body('de-DE')} }
          at: article(id: "a1", locale: "de-AT") { ${body()} }
          news: category(id: "news", locale: "de-DE") { linkedFrom { articleCollection { items { title } } entryCollection { items { ... on Category { title } } } } } }`);
        // de-DE's document embeds news and img2, read in de-DE; de-AT falls back to it.
        const german = {
          body: {
            links: { entries: { block: [{ title: 'Nachrichten' }] }, assets: { block: [{ title: 'Anderes Bild' }] } },
          },
        };
        expect(res.body).toEqual({
          data: {
            de: german,
            field: german,
            at: german,
            news: {
              linkedFrom: {
                articleCollection: { items: [{ title: 'Hallo' }] },
                entryCollection: { items: expect.arrayContaining([{ title: 'Tech' }]) },
              },
            },
          },
        });
      });

      it("a field's own locale overrides the inherited one for that field only", async () => {
        const res =
          await ask(`{ article(id: "a1", locale: "de-DE") { title english: title(locale: "en-US") tags(locale: "en-US")
          author { bio english: bio(locale: "en-US") } heroImage { title english: title(locale: "en-US") } } }`);
        expect(res.body).toEqual({
          data: {
            article: {
              title: 'Hallo',
              english: 'Hello',
              tags: ['a', 'b'],
              author: { bio: 'Autorin', english: 'Writer' },
              heroImage: { title: 'Anderes Bild', english: 'Other image' },
            },
          },
        });
      });

      it('missing values follow the fallback chain (de-AT -> de-DE -> en-US); a locale without fallback gives null', async () => {
        const res =
          await ask(`{ at: article(id: "a1", locale: "de-AT") { title tags views heroImage { title } author { bio } categoriesCollection { items { title } } }
          fr: article(id: "a1", locale: "fr-FR") { title tags views heroImage { title } author { name bio } } }`);
        expect(res.body).toEqual({
          data: {
            at: {
              title: 'Hallo',
              tags: ['x'],
              views: 10,
              heroImage: { title: 'Anderes Bild' },
              author: { bio: 'Autorin' },
              categoriesCollection: { items: [{ title: 'Tech' }, { title: 'Nachrichten' }] },
            },
            fr: { title: null, tags: null, views: 10, heroImage: null, author: { name: 'Ann', bio: null } },
          },
        });
      });

      it('an explicit null or empty value does not fall back', async () => {
        const res =
          await ask(`{ de: article(id: "a3", locale: "de-DE") { title tags } at: article(id: "a3", locale: "de-AT") { title tags }
          en: article(id: "a3") { title tags } }`);
        expect(res.body).toEqual({
          data: { de: { title: '', tags: null }, at: { title: '', tags: null }, en: { title: 'Third', tags: ['t'] } },
        });
      });

      it('with preview too: both cascade together', async () => {
        const res = await ask(
          '{ article(id: "a2", preview: true, locale: "de-DE") { title author { name bio avatar { title } } } }',
          tokens.preview,
        );
        expect(res.body).toEqual({
          data: {
            article: {
              title: 'Second (draft)',
              author: { name: 'Ann (draft)', bio: 'Writer (draft)', avatar: { title: 'Hero (draft)' } },
            },
          },
        });
      });

      it('an unknown locale fails only its own path: 200, UNKNOWN_LOCALE, the rest of the data', async () => {
        const res =
          await ask(`{ article(id: "a1") { title author(locale: "xx-XX") { name } categoriesCollection(locale: "xx-XX") { total }
          heroImage { title(locale: "xx-XX") fileName } }
          one: article(id: "a1", locale: "xx-XX") { title } many: articleCollection(locale: "xx-XX") { total } asset(id: "img1", locale: "*") { title } }`);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({
          article: {
            title: 'Hello',
            author: null,
            categoriesCollection: null,
            heroImage: { title: null, fileName: '1.png' },
          },
          one: null,
          many: null,
          asset: null,
        });
        expect(errorsOf(res)).toEqual(
          expect.arrayContaining([
            [['article', 'author'], 'UNKNOWN_LOCALE'],
            [['article', 'categoriesCollection'], 'UNKNOWN_LOCALE'],
            [['article', 'heroImage', 'title'], 'UNKNOWN_LOCALE'],
            [['one'], 'UNKNOWN_LOCALE'],
            [['many'], 'UNKNOWN_LOCALE'],
            [['asset'], 'UNKNOWN_LOCALE'],
          ]),
        );
        expect(res.body.errors).toHaveLength(6);
        expect(res.body.errors[0].extensions.service.details).toEqual({
          locale: expect.stringMatching(/^(xx-XX|\*)$/),
        });
      });
    });
  });

  describe(`${kind}: GraphQL locale in a space whose default locale is not en-US`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);

    it("reads the space's default locale when none is given, also for non-localized fields", async () => {
      const created = await api().post('/spaces', { name: 'German first', defaultLocale: 'de-DE' });
      expect(created.status).toBe(201);
      const spaceId = created.body.sys.id as string;
      expect(
        (
          await api().post(`/spaces/${spaceId}/locales`, {
            name: 'English',
            code: 'en-US',
            fallbackCode: 'de-DE',
            optional: true,
          })
        ).status,
      ).toBe(201);
      await g.contentType(spaceId, 'page', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'rank', type: 'Integer' },
      ]);
      await g.entries(spaceId, [
        {
          id: 'p',
          contentType: 'page',
          published: true,
          fields: { title: { 'de-DE': 'Seite', 'en-US': 'Page' }, rank: { 'de-DE': 7 } },
        },
      ]);
      const { delivery } = await g.keys(spaceId);
      const res = await g.gql(
        spaceId,
        delivery,
        '{ page(id: "p") { title rank english: title(locale: "en-US") } en: page(id: "p", locale: "en-US") { title rank } }',
      );
      expect(res.body).toEqual({
        data: { page: { title: 'Seite', rank: 7, english: 'Page' }, en: { title: 'Page', rank: 7 } },
      });
    });
  });
}
