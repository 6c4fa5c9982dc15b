import { describe, expect, it } from 'vitest';
import { assetLink, contentFixtures, entryLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: entry link index and locale deletion`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    async function setup() {
      const s = await f.space();
      await f.contentType(s.id, 'page', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'parent', type: 'Link', linkType: 'Entry', localized: true },
        { id: 'images', type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [] } },
        { id: 'body', type: 'RichText' },
        { id: 'data', type: 'Object' },
      ]);
      const create = async (id: string, fields: unknown) =>
        (await api().put(`${s.m('entries')}/${id}`, { fields }, f.ctHeader('page'))).body;
      return { s, create };
    }

    const richText = (target: unknown) => ({
      nodeType: 'document',
      data: {},
      content: [{ nodeType: 'embedded-entry-block', data: { target }, content: [] }],
    });

    it('indexes every link of the draft and of the published side, replaced on each write', async () => {
      const { s, create } = await setup();
      await create('a', {});
      await create('b', {});
      await f
        .db()
        .insertInto('assets')
        .values({ space_id: s.id, environment_id: 'master', id: 'img', fields: '{}' } as never)
        .execute();
      const page = await create('p', {
        parent: { 'en-US': entryLink('a'), 'de-DE': entryLink('b') },
        images: { 'en-US': [assetLink('img'), assetLink('img')] },
        body: { 'en-US': richText(entryLink('b')) },
        data: { 'en-US': entryLink('not-a-link-field') },
      });
      const draft = [
        'draft body en-US 0 -> Entry:b',
        'draft images en-US 0 -> Asset:img',
        'draft images en-US 1 -> Asset:img',
        'draft parent de-DE 0 -> Entry:b',
        'draft parent en-US 0 -> Entry:a',
      ];
      expect(await f.links(s.id, 'p')).toEqual(draft);

      await api().put(`${s.m('entries')}/p/published`, undefined, f.version(page.sys.version));
      const published = draft.map((l) => l.replace('draft', 'published'));
      expect(await f.links(s.id, 'p')).toEqual([...draft, ...published].sort());

      await api().put(`${s.m('entries')}/p`, { fields: { parent: { 'en-US': entryLink('b') } } }, f.version(2));
      expect(await f.links(s.id, 'p')).toEqual(['draft parent en-US 0 -> Entry:b', ...published].sort());

      await api().delete(`${s.m('entries')}/p/published`);
      expect(await f.links(s.id, 'p')).toEqual(['draft parent en-US 0 -> Entry:b']);
      await api().delete(`${s.m('entries')}/p`);
      expect(await f.links(s.id, 'p')).toEqual([]);
    });

    it('holds one row per link with the states that have it; a position can hold a draft target and another published', async () => {
      const { s, create } = await setup();
      await create('a', {});
      await create('b', {});
      const rows = async () =>
        (
          await f
            .db()
            .selectFrom('entry_links')
            .select(['field_id', 'locale', 'position', 'target_id', 'states'])
            .where('space_id', '=', s.id)
            .where('source_id', '=', 'p')
            .orderBy(['field_id', 'locale', 'position', 'target_id'])
            .execute()
        ).map((r) => `${r.field_id} ${r.locale} ${r.position} -> ${r.target_id}: ${r.states}`);
      const linking = async (path: string, target: string) =>
        ((await api().get(`${s.m(path)}?links_to_entry=${target}`)).body.items as Array<{ sys: { id: string } }>).map(
          (e) => e.sys.id,
        );
      const page = await create('p', {
        parent: { 'en-US': entryLink('a') },
        body: { 'en-US': richText(entryLink('a')) },
      });
      expect(await rows()).toEqual(['body en-US 0 -> a: 1', 'parent en-US 0 -> a: 1']);

      // A publish gives the draft's rows the published state, in place: no second row per link.
      expect((await api().put(`${s.m('entries')}/p/published`, undefined, f.version(page.sys.version))).status).toBe(
        200,
      );
      expect(await rows()).toEqual(['body en-US 0 -> a: 3', 'parent en-US 0 -> a: 3']);

      // The draft moves the parent to b: the position holds a for the published side and b for the draft.
      await api().put(
        `${s.m('entries')}/p`,
        { fields: { parent: { 'en-US': entryLink('b') }, body: { 'en-US': richText(entryLink('a')) } } },
        f.version(2),
      );
      expect(await rows()).toEqual(['body en-US 0 -> a: 3', 'parent en-US 0 -> a: 2', 'parent en-US 0 -> b: 1']);
      expect(await linking('entries', 'b')).toEqual(['p']);
      expect(await linking('public/entries', 'b')).toEqual([]);
      expect(await linking('public/entries', 'a')).toEqual(['p']);

      // Back to a: one row of both states again, and b's row is gone.
      await api().put(`${s.m('entries')}/p`, { fields: { parent: { 'en-US': entryLink('a') } } }, f.version(3));
      expect(await rows()).toEqual(['body en-US 0 -> a: 2', 'parent en-US 0 -> a: 3']);
      expect(await linking('entries', 'b')).toEqual([]);

      // Publishing that draft drops the published-only row; unpublishing leaves the draft's rows.
      expect((await api().put(`${s.m('entries')}/p/published`, undefined, f.version(4))).status).toBe(200);
      expect(await rows()).toEqual(['parent en-US 0 -> a: 3']);
      expect((await api().delete(`${s.m('entries')}/p/published`)).status).toBe(200);
      expect(await rows()).toEqual(['parent en-US 0 -> a: 1']);
      expect(await linking('public/entries', 'a')).toEqual([]);
      expect(await linking('entries', 'a')).toEqual(['p']);
    });

    it('a refused write leaves the index as it was', async () => {
      const { s, create } = await setup();
      await create('a', {});
      await create('p', { parent: { 'en-US': entryLink('a') } });
      const stale = await api().put(
        `${s.m('entries')}/p`,
        { fields: { parent: { 'en-US': entryLink('zzz') } } },
        f.version(9),
      );
      expect(stale.status).toBe(409);
      const invalid = await api().put(
        `${s.m('entries')}/p`,
        { fields: { parent: { 'en-US': entryLink('zzz') }, nope: { 'en-US': 1 } } },
        f.version(1),
      );
      expect(invalid.status).toBe(422);
      expect(await f.links(s.id, 'p')).toEqual(['draft parent en-US 0 -> Entry:a']);
    });

    it('deleting a locale removes its values from entries and assets, draft and published, and its index rows', async () => {
      const { s, create } = await setup();
      await create('a', {});
      const page = await create('p', {
        title: { 'en-US': 'Hello', 'de-DE': 'Hallo' },
        parent: { 'de-DE': entryLink('a') },
      });
      await api().put(`${s.m('entries')}/p/published`, undefined, f.version(page.sys.version));
      const asset = await api().put(`${s.m('assets')}/pic`, {
        fields: { title: { 'en-US': 'Pic', 'de-DE': 'Bild' }, description: { 'de-DE': 'nur DE' } },
      });
      expect(asset.status).toBe(201);
      const other = await f.space('Other');
      await f.contentType(other.id, 'page', [{ id: 'title', type: 'Symbol', localized: true }]);
      await api().put(`${other.m('entries')}/p`, { fields: { title: { 'de-DE': 'bleibt' } } }, f.ctHeader('page'));

      const locales = (await api().get(s.m('locales'))).body.items as Array<{ code: string; sys: { id: string } }>;
      const german = locales.find((l) => l.code === 'de-DE')!;
      expect((await api().delete(`${s.m('locales')}/${german.sys.id}`)).status).toBe(204);

      const entry = (await api().get(`${s.m('entries')}/p`)).body;
      expect(entry.fields).toEqual({ title: { 'en-US': 'Hello' } });
      expect(entry.sys.version).toBe(page.sys.version + 1);
      expect((await f.row('entries', s.id, 'p'))?.published_fields).toEqual({ title: { 'en-US': 'Hello' } });
      expect((await api().get(`${s.m('assets')}/pic`)).body.fields).toEqual({ title: { 'en-US': 'Pic' } });
      expect(await f.links(s.id, 'p')).toEqual([]);
      expect((await api().get(`${other.m('entries')}/p`)).body.fields).toEqual({ title: { 'de-DE': 'bleibt' } });
    });
  });
}
