import { beforeAll, describe, expect, it } from 'vitest';
import { assetLink, entryLink } from '../support/content-fixtures.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
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

/**
 * Reference §5.4/§5.5: `useFallbackLocale` (default true) on root fields, content fields, link fields, link
 * collections and linkedFrom collections; false reads only the requested locale. It cascades like `locale`, a field's
 * own value wins. And `Sys.locale`, the locale an entity was resolved in. Articles fixture model: en-US (default),
 * de-DE -> en-US, de-AT -> de-DE -> en-US.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL useFallbackLocale and Sys.locale`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    const ask = async (query: string) => {
      const res = await g.gql(spaceId, token, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res;
    };
    const data = async (query: string) => {
      const res = await ask(query);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data;
    };

    beforeAll(async () => {
      const space = await installModel(api, loadModel('articles'), 'Fallbacks');
      spaceId = space.spaceId;
      token = space.delivery;
      await g.assets(spaceId, [
        {
          id: 'pic',
          published: true,
          fields: { title: en('Picture'), file: en({ url: '//img.example/pic.png', fileName: 'pic.png' }) },
        },
      ]);
      await g.entries(spaceId, [
        {
          id: 'ann',
          contentType: 'author',
          published: true,
          fields: { name: en('Ann'), bio: en('Writer'), avatar: en(assetLink('pic')) },
        },
        { id: 'cat', contentType: 'category', published: true, fields: { title: en('Culture'), slug: en('culture') } },
        {
          id: 'art',
          contentType: 'article',
          published: true,
          fields: {
            title: en('Only English'),
            slug: en('only-english'),
            views: en(5),
            tags: en(['e']),
            author: en(entryLink('ann')),
            categories: en([entryLink('cat')]),
            heroImage: en(assetLink('pic')),
            body: { 'en-US': doc('cat', 'pic'), 'de-DE': doc('cat', 'pic') },
          },
        },
        {
          id: 'blank',
          contentType: 'article',
          published: true,
          fields: {
            title: { 'en-US': 'Set', 'de-DE': '' },
            slug: en('blank'),
            tags: { 'en-US': ['t'], 'de-DE': null },
          },
        },
      ]);
    });

    it('a localized field missing in the locale follows the fallback chain by default and with true, and is null with false', async () => {
      expect(
        await data(`{ plain: article(id: "art", locale: "de-DE") { title tags } on: article(id: "art", locale: "de-DE", useFallbackLocale: true) { title tags }
        off: article(id: "art", locale: "de-DE", useFallbackLocale: false) { title tags }
        atOff: article(id: "art", locale: "de-AT", useFallbackLocale: false) { title } atOn: article(id: "art", locale: "de-AT") { title }
        enOff: article(id: "art", useFallbackLocale: false) { title } }`),
      ).toEqual({
        plain: { title: 'Only English', tags: ['e'] },
        on: { title: 'Only English', tags: ['e'] },
        off: { title: null, tags: null },
        atOff: { title: null },
        atOn: { title: 'Only English' },
        enOff: { title: 'Only English' },
      });
    });

    it('is remembered apart per fallback use: both in one request, in either order, and again in the next request', async () => {
      const q = (first: boolean) => `{ a: article(id: "art", locale: "de-DE", useFallbackLocale: ${first}) { title }
        b: article(id: "art", locale: "de-DE", useFallbackLocale: ${!first}) { title } }`;
      const value = (on: boolean) => ({ title: on ? 'Only English' : null });
      for (const first of [false, true, false])
        expect(await data(q(first))).toEqual({ a: value(first), b: value(!first) });
    });

    it('leaves non-localized fields alone: they hold the default locale value', async () => {
      expect(
        await data(
          `{ article(id: "art", locale: "de-DE", useFallbackLocale: false) { slug views author { name } categoriesCollection { total } } }`,
        ),
      ).toEqual({
        article: { slug: 'only-english', views: 5, author: { name: 'Ann' }, categoriesCollection: { total: 1 } },
      });
    });

    it('an explicit null or empty value does not fall back, with the flag on or off', async () => {
      const fields = '{ title tags }';
      expect(
        await data(`{ on: article(id: "blank", locale: "de-DE") ${fields} at: article(id: "blank", locale: "de-AT") ${fields}
        off: article(id: "blank", locale: "de-DE", useFallbackLocale: false) ${fields} }`),
      ).toEqual({
        on: { title: '', tags: null },
        at: { title: '', tags: null },
        off: { title: '', tags: null },
      });
    });

    it('cascades to linked entries and assets, link collections, rich text links and linkedFrom collections', async () => {
      const below = `author { bio avatar { title fileName } } categoriesCollection { items { title } }
        body { links { entries { block { ... on Category { title } } } assets { block { title } } } }`;
      expect(
        await data(`{ on: article(id: "art", locale: "de-DE") { ${below} } off: article(id: "art", locale: "de-DE", useFallbackLocale: false) { ${below} }
        onCat: category(id: "cat", locale: "de-DE") { linkedFrom { articleCollection { items { title slug } } } }
        offCat: category(id: "cat", locale: "de-DE", useFallbackLocale: false) { linkedFrom { articleCollection { items { title slug } } } }
        offList: articleCollection(locale: "de-DE", useFallbackLocale: false, where: { slug: "only-english" }) { items { title author { bio } } } }`),
      ).toEqual({
        on: {
          author: { bio: 'Writer', avatar: { title: 'Picture', fileName: 'pic.png' } },
          categoriesCollection: { items: [{ title: 'Culture' }] },
          body: { links: { entries: { block: [{ title: 'Culture' }] }, assets: { block: [{ title: 'Picture' }] } } },
        },
        off: {
          author: { bio: null, avatar: { title: null, fileName: null } },
          categoriesCollection: { items: [{ title: null }] },
          body: { links: { entries: { block: [{ title: null }] }, assets: { block: [{ title: null }] } } },
        },
        onCat: { linkedFrom: { articleCollection: { items: [{ title: 'Only English', slug: 'only-english' }] } } },
        offCat: { linkedFrom: { articleCollection: { items: [{ title: null, slug: 'only-english' }] } } },
        offList: { items: [{ title: null, author: { bio: null } }] },
      });
    });

    it("a field's own value overrides the inherited one, for that field and what is resolved below it", async () => {
      expect(
        await data(`{ off: article(id: "art", locale: "de-DE", useFallbackLocale: false) { title on: title(useFallbackLocale: true)
          author(useFallbackLocale: true) { bio avatar { title } } categoriesCollection(useFallbackLocale: true) { items { title } }
          body(useFallbackLocale: true) { links { entries { block { ... on Category { title } } } } }
          asset: heroImage(useFallbackLocale: true) { title } }
        on: article(id: "art", locale: "de-DE") { title off: title(useFallbackLocale: false) tags(useFallbackLocale: false)
          author(useFallbackLocale: false) { bio avatar { title } onBio: bio(useFallbackLocale: true) } categoriesCollection(useFallbackLocale: false) { items { title } }
          heroImage { title(useFallbackLocale: false) fileName(useFallbackLocale: false) } }
        cat: category(id: "cat", locale: "de-DE") { linkedFrom { articleCollection(useFallbackLocale: false) { items { title } } } }
        offCat: category(id: "cat", locale: "de-DE", useFallbackLocale: false) { linkedFrom { articleCollection(useFallbackLocale: true) { items { title } } } } }`),
      ).toEqual({
        off: {
          title: null,
          on: 'Only English',
          author: { bio: 'Writer', avatar: { title: 'Picture' } },
          categoriesCollection: { items: [{ title: 'Culture' }] },
          body: { links: { entries: { block: [{ title: 'Culture' }] } } },
          asset: null,
        },
        on: {
          title: 'Only English',
          off: null,
          tags: null,
          author: { bio: null, avatar: { title: null }, onBio: 'Writer' },
          categoriesCollection: { items: [{ title: null }] },
          heroImage: { title: null, fileName: null },
        },
        cat: { linkedFrom: { articleCollection: { items: [{ title: null }] } } },
        offCat: { linkedFrom: { articleCollection: { items: [{ title: 'Only English' }] } } },
      });
    });

    it("on a localized link field the link value itself is read with the parent's fallback use; the linked entity with the field's", async () => {
      // heroImage is localized and set in en-US only: without fallback the parent reads no link at all.
      expect(
        await data(`{ off: article(id: "art", locale: "de-DE", useFallbackLocale: false) { heroImage { title } }
        on: article(id: "art", locale: "de-DE") { heroImage(useFallbackLocale: false) { title } } }`),
      ).toEqual({ off: { heroImage: null }, on: { heroImage: { title: null } } });
    });

    it("applies to root asset fields and Asset's own fields", async () => {
      expect(
        await data(`{ off: asset(id: "pic", locale: "de-DE", useFallbackLocale: false) { title url fileName on: title(useFallbackLocale: true) }
        list: assetCollection(locale: "de-DE", useFallbackLocale: false) { items { title } } on: asset(id: "pic", locale: "de-DE") { title off: title(useFallbackLocale: false) } }`),
      ).toEqual({
        off: { title: null, url: null, fileName: null, on: 'Picture' },
        list: { items: [{ title: null }] },
        on: { title: 'Picture', off: null },
      });
    });

    it('filters read fields as the results do: without fallback a value of the fallback locale does not match', async () => {
      const q = (flag: string) =>
        `{ articleCollection(locale: "de-DE"${flag}, where: { title: "Only English" }) { total items { sys { id } } } }`;
      expect(await data(q(''))).toEqual({ articleCollection: { total: 1, items: [{ sys: { id: 'art' } }] } });
      expect(await data(q(', useFallbackLocale: false'))).toEqual({ articleCollection: { total: 0, items: [] } });
    });

    it('does not change the query cost', async () => {
      const plain = await ask(
        '{ articleCollection(limit: 7) { items { title author { bio } categoriesCollection(limit: 3) { items { title } } } } }',
      );
      const flagged =
        await ask(`{ articleCollection(limit: 7, useFallbackLocale: false) { items { title(useFallbackLocale: true)
        author(useFallbackLocale: true) { bio } categoriesCollection(limit: 3, useFallbackLocale: false) { items { title } } } } }`);
      expect(g.cost(plain)).toBe('35');
      expect(g.cost(flagged)).toBe(g.cost(plain));
    });

    describe('Sys.locale', () => {
      it("is the locale the entity was resolved in: the default locale, the root's, cascaded and overridden", async () => {
        expect(
          await data(`{ article(id: "art") { sys { locale } author { sys { locale } } heroImage(locale: "fr-FR") { sys { locale } } }
          de: article(id: "art", locale: "de-DE", useFallbackLocale: false) { sys { locale } author { sys { locale } avatar { sys { locale } } }
            at: author(locale: "de-AT") { sys { locale } } categoriesCollection { items { sys { locale } } }
            en: categoriesCollection(locale: "en-US") { items { sys { locale } } }
            body { links { entries { block { sys { locale } } } } } }
          articleCollection(locale: "de-AT", where: { slug: "only-english" }) { items { sys { locale } } }
          assetCollection(locale: "fr-FR") { items { sys { locale } } } asset(id: "pic") { sys { locale } }
          category(id: "cat", locale: "de-DE") { linkedFrom { articleCollection { items { sys { locale } } } en: articleCollection(locale: "en-US") { items { sys { locale } } } } } }`),
        ).toEqual({
          article: {
            sys: { locale: 'en-US' },
            author: { sys: { locale: 'en-US' } },
            heroImage: { sys: { locale: 'fr-FR' } },
          },
          de: {
            sys: { locale: 'de-DE' },
            author: { sys: { locale: 'de-DE' }, avatar: { sys: { locale: 'de-DE' } } },
            at: { sys: { locale: 'de-AT' } },
            categoriesCollection: { items: [{ sys: { locale: 'de-DE' } }] },
            en: { items: [{ sys: { locale: 'en-US' } }] },
            body: { links: { entries: { block: [{ sys: { locale: 'de-DE' } }] } } },
          },
          articleCollection: { items: [{ sys: { locale: 'de-AT' } }] },
          assetCollection: { items: [{ sys: { locale: 'fr-FR' } }] },
          asset: { sys: { locale: 'en-US' } },
          category: {
            linkedFrom: {
              articleCollection: { items: [{ sys: { locale: 'de-DE' } }] },
              en: { items: [{ sys: { locale: 'en-US' } }] },
            },
          },
        });
      });

      it('answers through the Entry interface too', async () => {
        expect(
          await data(
            '{ list: articleCollection(locale: "de-DE", where: { slug: "only-english" }) { items { ... on Entry { sys { locale } } } } }',
          ),
        ).toEqual({ list: { items: [{ sys: { locale: 'de-DE' } }] } });
      });
    });
  });
}
