import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer, type ApiResponse } from '../support/harness.ts';
import { fewestStatements, UNCACHED_RESPONSES } from '../support/statement-count.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });
const en = (v: unknown) => ({ 'en-US': v });
const at = (day: number) => ({ at: `2024-01-${String(day).padStart(2, '0')}T00:00:00.000Z` });
const ids = (items: Array<{ sys: { id: string } }>) => items.map((i) => i.sys.id);

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL linkedFrom`, () => {
    const api = useServer(kind, { env: UNCACHED_RESPONSES });
    const g = graphqlFixtures(api);
    let spaceId: string;
    let tokens: { delivery: string; preview: string };
    const ask = (query: string, token = tokens.delivery) => g.gql(spaceId, token, query);

    /** The SQL statements of a request, warm (see fewestStatements). */
    const statementsOf = (work: () => Promise<unknown>) => fewestStatements(api(), work);

    beforeAll(async () => {
      spaceId = (await g.space('LinkedFrom')).id;
      tokens = await g.keys(spaceId);
      await g.contentType(spaceId, 'person', [{ id: 'name', type: 'Symbol' }]);
      await g.contentType(spaceId, 'post', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        {
          id: 'coAuthors',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        },
        {
          id: 'translator',
          type: 'Link',
          linkType: 'Entry',
          localized: true,
          validations: [{ linkContentType: ['person'] }],
        },
        { id: 'image', type: 'Link', linkType: 'Asset' },
      ]);
      await g.contentType(spaceId, 'note', [
        { id: 'text', type: 'Symbol' },
        { id: 'about', type: 'Link', linkType: 'Entry' },
      ]);
      await g.contentType(spaceId, 'page', [
        { id: 'post', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['post'] }] },
      ]);
      await g.assets(spaceId, [
        {
          id: 'a1',
          published: true,
          fields: { title: en('Pic'), file: en({ url: '//x.example/a.png', fileName: 'a.png' }) },
        },
      ]);
      await g.entries(
        spaceId,
        Array.from({ length: 25 }, (_, i) => ({
          id: `u${i}`,
          contentType: 'person',
          published: true,
          fields: { name: en(`User ${i}`) },
        })),
      );
      await g.entries(spaceId, [
        // p1 links to u1 twice (author and co-author): it counts once.
        {
          id: 'p1',
          contentType: 'post',
          published: at(3),
          fields: {
            title: en('One'),
            author: en(link('Entry', 'u1')),
            coAuthors: en([link('Entry', 'u1'), link('Entry', 'u2')]),
            image: en(link('Asset', 'a1')),
          },
        },
        // p2: published with author u1, draft changed to u2.
        {
          id: 'p2',
          contentType: 'post',
          version: 3,
          fields: { title: en('Two (draft)'), author: en(link('Entry', 'u2')) },
          published: { ...at(2), fields: { title: en('Two'), author: en(link('Entry', 'u1')) } },
        },
        { id: 'p3', contentType: 'post', fields: { title: en('Three (draft only)'), author: en(link('Entry', 'u1')) } },
        // Localized link: u3 in en-US, u4 in de-DE.
        {
          id: 'pl',
          contentType: 'post',
          published: at(1),
          fields: {
            title: { 'en-US': 'Localized', 'de-DE': 'Lokalisiert' },
            translator: { 'en-US': link('Entry', 'u3'), 'de-DE': link('Entry', 'u4') },
          },
        },
        {
          id: 'n1',
          contentType: 'note',
          published: at(4),
          fields: { text: en('About u1'), about: en(link('Entry', 'u1')) },
        },
      ]);
      // u5 is linked from 12 posts; u10..u24 each from their own post q10..q24.
      await g.entries(
        spaceId,
        Array.from({ length: 12 }, (_, i) => ({
          id: `m${String(i).padStart(2, '0')}`,
          contentType: 'post',
          published: at(10 + i),
          fields: { title: en(`Many ${i}`), author: en(link('Entry', 'u5')) },
        })),
      );
      await g.entries(
        spaceId,
        Array.from({ length: 15 }, (_, i) => ({
          id: `q${i + 10}`,
          contentType: 'post',
          published: at(5),
          fields: {
            title: en(`Q ${i + 10}`),
            author: en(link('Entry', `u${i + 10}`)),
            coAuthors: en([link('Entry', 'u5')]),
          },
        })),
      );
    });

    it('<T>LinkingCollections has entryCollection and one collection per content type whose link fields allow T', async () => {
      const res =
        await ask(`{ p: __type(name: "PersonLinkingCollections") { fields { name type { name } args { name } } }
        a: __type(name: "AssetLinkingCollections") { fields { name } }
        person: __type(name: "Person") { fields { name args { name type { name kind ofType { name } } } type { name } } } }`);
      const fields = res.body.data.p.fields as Array<{
        name: string;
        type: { name: string };
        args: Array<{ name: string }>;
      }>;
      expect(fields.map((f) => [f.name, f.type.name]).sort()).toEqual([
        ['entryCollection', 'EntryCollection'],
        ['noteCollection', 'NoteCollection'],
        ['postCollection', 'PostCollection'],
      ]);
      for (const f of fields)
        expect(f.args.map((a) => a.name).sort()).toEqual(['limit', 'locale', 'preview', 'skip', 'useFallbackLocale']);
      expect(res.body.data.a.fields.map((f: { name: string }) => f.name).sort()).toEqual([
        'entryCollection',
        'postCollection',
      ]);
      const linkedFrom = res.body.data.person.fields.find((f: { name: string }) => f.name === 'linkedFrom');
      expect(linkedFrom.type.name).toBe('PersonLinkingCollections');
      expect(linkedFrom.args).toEqual([
        { name: 'allowedLocales', type: { name: null, kind: 'LIST', ofType: { name: 'String' } } },
      ]);
    });

    it('per-type collections and entryCollection list the linking entries once each, newest published first, exact totals', async () => {
      const res = await ask(`{ person(id: "u1") { linkedFrom { postCollection { total items { sys { id } title } }
        entryCollection { total items { __typename sys { id } } } noteCollection { total items { text } } } } }`);
      expect(res.body.errors).toBeUndefined();
      const lf = res.body.data.person.linkedFrom;
      expect(lf.postCollection).toEqual({
        total: 2,
        items: [
          { sys: { id: 'p1' }, title: 'One' },
          { sys: { id: 'p2' }, title: 'Two' },
        ],
      });
      expect(lf.entryCollection.total).toBe(3);
      expect(
        lf.entryCollection.items.map((i: { __typename: string; sys: { id: string } }) => [i.__typename, i.sys.id]),
      ).toEqual([
        ['Note', 'n1'],
        ['Post', 'p1'],
        ['Post', 'p2'],
      ]);
      expect(lf.noteCollection).toEqual({ total: 1, items: [{ text: 'About u1' }] });
      const none = await ask('{ person(id: "u0") { linkedFrom { postCollection { total items { sys { id } } } } } }');
      expect(none.body.data.person.linkedFrom.postCollection).toEqual({ total: 0, items: [] });
    });

    it('skip and limit page the linking entries; totals stay exact beyond the page', async () => {
      const res =
        await ask(`{ person(id: "u5") { linkedFrom { all: postCollection(limit: 100) { total items { sys { id } } }
        page: postCollection(skip: 10, limit: 5) { skip limit total items { sys { id } } }
        past: postCollection(skip: 50) { total items { sys { id } } } } } }`);
      const lf = res.body.data.person.linkedFrom;
      expect(lf.all.total).toBe(27);
      // Latest published first (m11 at day 21 ... m00 at day 10), then the q posts (day 5) by id.
      expect(ids(lf.all.items).slice(0, 3)).toEqual(['m11', 'm10', 'm09']);
      expect(ids(lf.all.items).slice(12, 14)).toEqual(['q10', 'q11']);
      expect(lf.page).toEqual({
        skip: 10,
        limit: 5,
        total: 27,
        items: ids(lf.all.items)
          .slice(10, 15)
          .map((id: string) => ({ sys: { id } })),
      });
      expect(lf.past).toEqual({ total: 27, items: [] });
    });

    it('preview cascades through linkedFrom (draft links of draft entries) and can be overridden per collection', async () => {
      const res = await ask(
        `{ person(id: "u1", preview: true) { linkedFrom { postCollection { total items { sys { id } title } }
        published: postCollection(preview: false) { items { sys { id } } } } } }`,
        tokens.preview,
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.person.linkedFrom.postCollection).toEqual({
        total: 2,
        items: [
          { sys: { id: 'p1' }, title: 'One' },
          { sys: { id: 'p3' }, title: 'Three (draft only)' },
        ],
      });
      expect(ids(res.body.data.person.linkedFrom.published.items)).toEqual(['p1', 'p2']);
      const u2 = await ask(
        '{ person(id: "u2") { linkedFrom { postCollection(preview: true) { items { sys { id } } } } } }',
        tokens.preview,
      );
      expect(ids(u2.body.data.person.linkedFrom.postCollection.items)).toEqual(['p1', 'p2']);
      const denied = await ask('{ person(id: "u1") { linkedFrom { postCollection(preview: true) { total } } } }');
      expect([denied.status, g.code(denied)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    });

    it('allowedLocales selects the locales of the linking field values (default: the current locale), not the locale of the entries', async () => {
      const q = (id: string, args = '', parent = '') =>
        ask(`{ person(id: "${id}"${parent}) { linkedFrom${args} { postCollection { total items { title } } } } }`);
      expect((await q('u3')).body.data.person.linkedFrom.postCollection).toEqual({
        total: 1,
        items: [{ title: 'Localized' }],
      });
      expect((await q('u4')).body.data.person.linkedFrom.postCollection.total).toBe(0);
      // One string is a list of one; the entries keep the inherited locale (en-US).
      expect((await q('u4', '(allowedLocales: "de-DE")')).body.data.person.linkedFrom.postCollection).toEqual({
        total: 1,
        items: [{ title: 'Localized' }],
      });
      expect((await q('u3', '(allowedLocales: ["de-DE"])')).body.data.person.linkedFrom.postCollection.total).toBe(0);
      expect(
        (await q('u3', '(allowedLocales: ["de-DE", "en-US"])')).body.data.person.linkedFrom.postCollection.total,
      ).toBe(1);
      // The current locale is the default; it also gives the entries their locale.
      expect((await q('u4', '', ', locale: "de-DE"')).body.data.person.linkedFrom.postCollection).toEqual({
        total: 1,
        items: [{ title: 'Lokalisiert' }],
      });
      // A field that is not localized has its one value in every locale.
      expect((await q('u1', '(allowedLocales: ["de-DE"])')).body.data.person.linkedFrom.postCollection.total).toBe(2);
      const unknown = await q('u1', '(allowedLocales: ["xx-XX"])');
      expect(unknown.status).toBe(200);
      expect(unknown.body.data.person.linkedFrom).toBeNull();
      expect([g.code(unknown), unknown.body.errors[0].path]).toEqual(['UNKNOWN_LOCALE', ['person', 'linkedFrom']]);
    });

    it('Asset has linkedFrom with the content types of asset link fields', async () => {
      const res = await ask(
        '{ asset(id: "a1") { linkedFrom { postCollection { total items { sys { id } } } entryCollection { total } } } }',
      );
      expect(res.body).toEqual({
        data: {
          asset: {
            linkedFrom: { postCollection: { total: 1, items: [{ sys: { id: 'p1' } }] }, entryCollection: { total: 1 } },
          },
        },
      });
    });

    it('is batched: linkedFrom under 1 or 20 parents costs the same number of SQL statements', async () => {
      const query = (
        limit: number,
      ) => `{ personCollection(limit: ${limit}, where: { sys: { id_in: [${Array.from({ length: 15 }, (_, i) => `"u${i + 10}"`).join(',')}, "u1", "u2", "u3", "u4", "u5"] } }, order: [name_ASC]) {
        items { name linkedFrom { postCollection(limit: 3) { total items { title author { name } } } entryCollection { total } } } } }`;
      const run = async (limit: number) => {
        let res: ApiResponse | undefined;
        const n = await statementsOf(async () => {
          res = await ask(query(limit));
        });
        expect(res!.body.errors).toBeUndefined();
        expect(res!.body.data.personCollection.items).toHaveLength(limit);
        return { n, items: res!.body.data.personCollection.items };
      };
      await run(1);
      const [one, twenty] = [await run(1), await run(20)];
      expect(one.n).toBeGreaterThan(0);
      expect(twenty.n).toBe(one.n);
      const byName = new Map(twenty.items.map((i: { name: string; linkedFrom: unknown }) => [i.name, i.linkedFrom]));
      expect(byName.get('User 5')).toMatchObject({ postCollection: { total: 27 }, entryCollection: { total: 27 } });
      expect(byName.get('User 12')).toEqual({
        postCollection: { total: 1, items: [{ title: 'Q 12', author: { name: 'User 12' } }] },
        entryCollection: { total: 1 },
      });
    });

    it('complexity: linkedFrom collections count their limit (100 by default) times their parents', async () => {
      const res = await ask(
        '{ personCollection(limit: 20) { items { linkedFrom { postCollection(limit: 10) { items { sys { id } } } } } } }',
      );
      expect(res.status).toBe(200);
      expect(g.cost(res)).toBe('220');
      const byDefault = await ask(
        '{ person(id: "u1") { linkedFrom { entryCollection { items { sys { id } } } postCollection(limit: 5) { total } } } }',
      );
      expect(g.cost(byDefault)).toBe('106');
    });
  });
}
