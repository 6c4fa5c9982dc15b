import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const target = (linkType: 'Entry' | 'Asset', id: string) => ({ target: { sys: { type: 'Link', linkType, id } } });
const text = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
const node = (nodeType: string, linkType: 'Entry' | 'Asset', id: string, content: unknown[] = []) => ({
  nodeType,
  data: target(linkType, id),
  content,
});
const paragraph = (...content: unknown[]) => ({ nodeType: 'paragraph', data: {}, content });
const doc = (...content: unknown[]) => ({ nodeType: 'document', data: {}, content });
const en = (v: unknown) => ({ 'en-US': v });
type WireError = { path: unknown[]; message: string; extensions: { service: { code: string; details: unknown } } };

const BODY = doc(
  node('embedded-entry-block', 'Entry', 'e1'),
  paragraph(
    text('see '),
    node('embedded-entry-inline', 'Entry', 'e2'),
    node('entry-hyperlink', 'Entry', 'e1', [text('here')]),
    node('embedded-entry-inline', 'Entry', 'draftOnly'),
    node('asset-hyperlink', 'Asset', 'img', [text('pic')]),
  ),
  node('embedded-asset-block', 'Asset', 'img'),
  node('embedded-entry-block', 'Entry', 'gone'),
  node('embedded-entry-block', 'Entry', 'e1'),
);
const GERMAN = doc(node('embedded-entry-block', 'Entry', 'e2'));

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL rich text fields`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let tokens: { delivery: string; preview: string };
    const ask = (query: string, token = tokens.delivery) => g.gql(spaceId, token, query);

    beforeAll(async () => {
      spaceId = (await g.space('RichText')).id;
      tokens = await g.keys(spaceId);
      await g.contentType(spaceId, 'thing', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(spaceId, 'article', [
        { id: 'title', type: 'Symbol' },
        { id: 'body', type: 'RichText', localized: true },
        {
          id: 'limited',
          type: 'RichText',
          validations: [
            {
              nodes: {
                'embedded-entry-block': [{ size: { max: 2 } }],
                'embedded-entry-inline': [{ size: { max: 1 } }],
                'entry-hyperlink': [{ size: { max: 1 } }],
                'embedded-asset-block': [{ size: { max: 3 } }],
                'asset-hyperlink': [{ size: { max: 1 } }],
              },
            },
          ],
        },
        {
          id: 'blocks_only',
          type: 'RichText',
          validations: [
            { enabledNodeTypes: ['embedded-entry-block'] },
            { nodes: { 'embedded-entry-block': [{ size: { max: 4 } }] } },
          ],
        },
      ]);
      await g.assets(spaceId, [
        {
          id: 'img',
          published: true,
          fields: { title: en('Image'), file: en({ url: '//x.example/i.png', fileName: 'i.png' }) },
        },
      ]);
      await g.entries(spaceId, [
        { id: 'e1', contentType: 'thing', published: true, fields: { name: en('First') } },
        { id: 'e2', contentType: 'thing', published: true, fields: { name: en('Second') } },
        { id: 'draftOnly', contentType: 'thing', fields: { name: en('Draft') } },
        {
          id: 'art',
          contentType: 'article',
          published: true,
          fields: { title: en('Art'), body: { 'en-US': BODY, 'de-DE': GERMAN } },
        },
        { id: 'empty', contentType: 'article', published: true, fields: { title: en('Empty') } },
      ]);
    });

    it('a RichText field is `<T><Field>` with json: JSON! and links: <T><Field>Links! of entries and assets lists', async () => {
      const res = await ask(`{ t: __type(name: "ArticleBody") { fields { name type { kind ofType { name } } } }
        l: __type(name: "ArticleBodyLinks") { fields { name type { kind ofType { name } } } }
        e: __type(name: "ArticleBodyEntries") { fields { name type { kind ofType { kind ofType { name } } } } }
        a: __type(name: "ArticleBodyAssets") { fields { name type { kind ofType { kind ofType { name } } } } }
        article: __type(name: "Article") { fields { name type { name } } } }`);
      const d = res.body.data;
      expect(d.t.fields).toEqual([
        { name: 'json', type: { kind: 'NON_NULL', ofType: { name: 'JSON' } } },
        { name: 'links', type: { kind: 'NON_NULL', ofType: { name: 'ArticleBodyLinks' } } },
      ]);
      expect(d.l.fields).toEqual([
        { name: 'entries', type: { kind: 'NON_NULL', ofType: { name: 'ArticleBodyEntries' } } },
        { name: 'assets', type: { kind: 'NON_NULL', ofType: { name: 'ArticleBodyAssets' } } },
      ]);
      const list = (name: string) => ({ kind: 'NON_NULL', ofType: { kind: 'LIST', ofType: { name } } });
      expect(d.e.fields).toEqual(['inline', 'block', 'hyperlink'].map((name) => ({ name, type: list('Entry') })));
      expect(d.a.fields).toEqual(['block', 'hyperlink'].map((name) => ({ name, type: list('Asset') })));
      expect(d.article.fields.find((f: { name: string }) => f.name === 'limited').type.name).toBe('ArticleLimited');
    });

    it('json is the document; links resolve the targets of each node type in document order (each once)', async () => {
      const res = await ask(`{ article(id: "art") { body { json links {
        entries { inline { sys { id } } block { sys { id } ... on Thing { name } } hyperlink { sys { id } } }
        assets { block { fileName } hyperlink { title } } } } } empty: article(id: "empty") { body { json } } }`);
      expect(res.status).toBe(200);
      const body = res.body.data.article.body;
      expect(body.json).toEqual(BODY);
      expect(body.links).toEqual({
        entries: {
          inline: [{ sys: { id: 'e2' } }, null],
          block: [{ sys: { id: 'e1' }, name: 'First' }, null],
          hyperlink: [{ sys: { id: 'e1' } }],
        },
        assets: { block: [{ fileName: 'i.png' }], hyperlink: [{ title: 'Image' }] },
      });
      expect(res.body.data.empty).toEqual({ body: null });
    });

    it('an unresolvable target is a null element with UNRESOLVABLE_LINK on its path', async () => {
      const res = await ask(
        '{ article(id: "art") { body { links { entries { inline { sys { id } } block { sys { id } } } } } } }',
      );
      const errors = res.body.errors as WireError[];
      expect(errors.map((e) => [e.path, e.extensions.service.code, e.extensions.service.details])).toEqual(
        expect.arrayContaining([
          [
            ['article', 'body', 'links', 'entries', 'block', 1],
            'UNRESOLVABLE_LINK',
            { type: 'Article', field: 'body', linkType: 'Entry', linkId: 'gone', linkingEntryId: 'art' },
          ],
          [
            ['article', 'body', 'links', 'entries', 'inline', 1],
            'UNRESOLVABLE_LINK',
            { type: 'Article', field: 'body', linkType: 'Entry', linkId: 'draftOnly', linkingEntryId: 'art' },
          ],
        ]),
      );
      expect(errors).toHaveLength(2);
      expect(errors.find((e) => e.path.includes('block'))!.message).toBe(
        "Query execution error. Link from entry 'art' to entry 'gone' on field 'body' within type 'Article' cannot be resolved",
      );
    });

    it('links follow the preview flag and the locale cascaded from the entry', async () => {
      const preview = await ask(
        '{ article(id: "art", preview: true) { body { links { entries { inline { ... on Thing { name } } } } } } }',
        tokens.preview,
      );
      expect(preview.body).toEqual({
        data: { article: { body: { links: { entries: { inline: [{ name: 'Second' }, { name: 'Draft' }] } } } } },
      });
      const german =
        await ask(`{ article(id: "art", locale: "de-DE") { body { json links { entries { block { sys { id } } } } } }
        en: article(id: "art") { body(locale: "de-DE") { links { entries { block { sys { id } } } } } } }`);
      expect(german.body.errors).toBeUndefined();
      expect(german.body.data.article.body).toEqual({
        json: GERMAN,
        links: { entries: { block: [{ sys: { id: 'e2' } }] } },
      });
      expect(german.body.data.en.body.links.entries.block).toEqual([{ sys: { id: 'e2' } }]);
    });

    it('complexity: links counts the sum of the node size maxima of the validations, else 1000, times the parents', async () => {
      const links = (field: string) =>
        `${field} { links { entries { block { sys { id } } } assets { block { sys { id } } } } }`;
      expect(g.cost(await ask(`{ article(id: "art") { ${links('body')} } }`))).toBe('1001');
      expect(g.cost(await ask(`{ article(id: "art") { ${links('limited')} } }`))).toBe('9');
      expect(g.cost(await ask(`{ article(id: "art") { ${links('blocksOnly')} } }`))).toBe('5');
      expect(g.cost(await ask(`{ articleCollection(limit: 5) { items { ${links('limited')} } } }`))).toBe('45');
      expect(g.cost(await ask('{ article(id: "art") { body { json } } }'))).toBe('1');
      const tooMuch = await ask(`{ articleCollection(limit: 11) { items { ${links('body')} } } }`);
      expect([tooMuch.status, g.code(tooMuch)]).toEqual([400, 'TOO_COMPLEX_QUERY']);
    });
  });
}
