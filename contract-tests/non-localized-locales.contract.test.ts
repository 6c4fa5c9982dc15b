import { describe, expect, it } from 'vitest';
import { contentFixtures, entryLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

/**
 * A field that is not localized accepts values in every locale, as the hosted service does (the official migration
 * tool's deriveLinkedEntries writes a link in each one): the CMA keeps and returns them, while validation, the link
 * index, search and GraphQL read the default locale's value only.
 */
for (const kind of DB_KINDS) {
  describe(`non-localized fields with values in other locales (${kind})`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    it('are accepted and kept; only the default locale is validated, linked and searched', async () => {
      const space = await f.space();
      await f.contentType(space.id, 'person', [{ id: 'name', type: 'Symbol' }]);
      await f.contentType(space.id, 'post', [
        { id: 'title', type: 'Symbol', validations: [{ in: ['Hello'] }] },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
      ]);
      for (const id of ['ada', 'alan']) {
        const person = await api().put(
          space.m(`entries/${id}`),
          { fields: { name: { 'en-US': id } } },
          f.ctHeader('person'),
        );
        expect(
          (await api().put(space.m(`entries/${id}/published`), undefined, f.version(person.body.sys.version))).status,
        ).toBe(200);
      }

      const fields = {
        title: { 'en-US': 'Hello', 'de-DE': 'not in the list' },
        author: { 'en-US': entryLink('ada'), 'de-DE': entryLink('alan') },
      };
      const created = await api().put(space.m('entries/post-1'), { fields }, f.ctHeader('post'));
      expect(created.status).toBe(201);
      expect(created.body.fields).toEqual(fields);
      expect((await api().get(space.m('entries/post-1'))).body.fields).toEqual(fields);
      expect(await f.links(space.id, 'post-1')).toEqual(['draft author en-US 0 -> Entry:ada']);

      const published = await api().put(
        space.m('entries/post-1/published'),
        undefined,
        f.version(created.body.sys.version),
      );
      expect(published.status).toBe(200);
      expect(await f.links(space.id, 'post-1')).toEqual([
        'draft author en-US 0 -> Entry:ada',
        'published author en-US 0 -> Entry:ada',
      ]);

      const linking = async (target: string) =>
        (await api().get(space.m('entries'), { query: { links_to_entry: target } })).body.items.map(
          (e: any) => e.sys.id,
        );
      expect(await linking('ada')).toEqual(['post-1']);
      expect(await linking('alan')).toEqual([]);
      const byTitle = async (title: string) =>
        (await api().get(space.m('entries'), { query: { content_type: 'post', 'fields.title': title } })).body.total;
      expect(await byTitle('Hello')).toBe(1);
      expect(await byTitle('not in the list')).toBe(0);
    });

    it('still refuses values of the wrong type and unknown locales there', async () => {
      const space = await f.space();
      await f.contentType(space.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const wrongType = await api().put(
        space.m('entries/p'),
        { fields: { title: { 'en-US': 'a', 'de-DE': 5 } } },
        f.ctHeader('post'),
      );
      expect(wrongType.status).toBe(422);
      expect(wrongType.body.details.errors).toEqual([
        expect.objectContaining({ name: 'type', path: ['fields', 'title', 'de-DE'] }),
      ]);
      const unknownLocale = await api().put(
        space.m('entries/p'),
        { fields: { title: { 'xx-XX': 'a' } } },
        f.ctHeader('post'),
      );
      expect(unknownLocale.status).toBe(422);
      expect(await f.row('entries', space.id, 'p')).toBeUndefined();
    });
  });
}
