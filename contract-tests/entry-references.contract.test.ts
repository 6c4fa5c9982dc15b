import { describe, expect, it } from 'vitest';
import { assetLink, contentFixtures, entryLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { withoutBackgroundWork } from './support/statement-count.ts';

type Item = { sys: { id: string; type: string; version: number } };
const ids = (items: Item[] | undefined) => (items ?? []).map((i) => i.sys.id).sort();

for (const kind of DB_KINDS) {
  describe(`${kind}: GET .../entries/{id}/references`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    const richText = (target: unknown) => ({
      nodeType: 'document',
      data: {},
      content: [{ nodeType: 'embedded-entry-block', data: { target }, content: [] }],
    });

    /**
     * root -> a (Link), d (Rich Text embed), img (Array of Asset links), ghost (no such entry), data (an Object
     * field: not a link); a -> b; b -> c and back to root; c -> nothing.
     */
    async function setup() {
      const s = await f.space();
      await f.contentType(s.id, 'page', [
        { id: 'title', type: 'Symbol' },
        { id: 'next', type: 'Link', linkType: 'Entry', localized: true },
        { id: 'more', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } },
        { id: 'images', type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [] } },
        { id: 'body', type: 'RichText' },
        { id: 'data', type: 'Object' },
      ]);
      const create = async (id: string, fields: Record<string, unknown>) => {
        const res = await api().put(
          `${s.m('entries')}/${id}`,
          { fields: { title: { 'en-US': id }, ...fields } },
          f.ctHeader('page'),
        );
        expect(res.status).toBe(201);
      };
      const asset = await api().post(s.m('assets'), { fields: { title: { 'en-US': 'Image' } } });
      expect(asset.status).toBe(201);
      await create('c', {});
      await create('b', { more: { 'en-US': [entryLink('c'), entryLink('root')] } });
      await create('a', { next: { 'de-DE': entryLink('b') } });
      await create('d', {});
      await create('root', {
        next: { 'en-US': entryLink('a') },
        more: { 'en-US': [entryLink('ghost')] },
        images: { 'en-US': [assetLink(asset.body.sys.id), assetLink(asset.body.sys.id)] },
        body: { 'en-US': richText(entryLink('d')) },
        data: { 'en-US': entryLink('not-a-link-field') },
      });
      return { s, assetId: asset.body.sys.id as string };
    }

    it('answers the entry in items and what it links to, level by level, in includes', async () => {
      const { s, assetId } = await setup();
      const references = (include?: number) =>
        api().get(`${s.e('master', 'entries')}/root/references`, include === undefined ? {} : { query: { include } });

      const one = await references(1);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ sys: { type: 'Array' }, total: 1, skip: 0, limit: 1 });
      expect(one.body.items.map((i: Item) => i.sys.id)).toEqual(['root']);
      expect(one.body.items[0].fields.next).toEqual({ 'en-US': entryLink('a') });
      expect(ids(one.body.includes.Entry)).toEqual(['a', 'd']);
      expect(ids(one.body.includes.Asset)).toEqual([assetId]);
      expect(one.body.includes.Asset[0].sys.type).toBe('Asset');
      expect(one.body.errors).toEqual([
        { sys: { type: 'error', id: 'notResolvable' }, details: { type: 'Link', linkType: 'Entry', id: 'ghost' } },
      ]);

      // Level 2 follows a's link in another locale; the default is 2 levels, what the official SDK sends.
      for (const res of [await references(2), await references()]) {
        expect(ids(res.body.includes.Entry)).toEqual(['a', 'b', 'd']);
      }
      // b links back to root: root is never repeated in includes, and the walk ends.
      const all = await references(10);
      expect(ids(all.body.includes.Entry)).toEqual(['a', 'b', 'c', 'd']);
      expect(all.body.includes.Entry.filter((e: Item) => e.sys.id === 'b')[0].sys.type).toBe('Entry');

      const none = await references(0);
      expect(none.body.items.map((i: Item) => i.sys.id)).toEqual(['root']);
      expect(none.body.includes).toEqual({});
      expect(none.body.errors).toBeUndefined();
    });

    it('answers the same on the path without an environment, and 404 for an unknown entry', async () => {
      const { s } = await setup();
      const master = await api().get(`${s.m('entries')}/root/references`, { query: { include: 3 } });
      expect(master.status).toBe(200);
      expect(ids(master.body.includes.Entry)).toEqual(['a', 'b', 'c', 'd']);
      expect(master.body.items[0].sys.environment.sys.id).toBe('master');

      const missing = await api().get(`${s.m('entries')}/nope/references`);
      expect(missing.status).toBe(404);
      expect(missing.body.sys.id).toBe('NotFound');
    });

    it('refuses include outside 0..10 with 400', async () => {
      const { s } = await setup();
      for (const include of ['11', '-1', 'two']) {
        const res = await api().get(`${s.m('entries')}/root/references?include=${include}`);
        expect(res.status, include).toBe(400);
        expect(res.body.sys.id).toBe('InvalidQuery');
      }
    });

    it('reads each level in a fixed number of statements, however many links it has', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'list', [
        { id: 'items', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } },
      ]);
      const create = async (id: string, targets: string[]) =>
        expect(
          (
            await api().put(
              `${s.m('entries')}/${id}`,
              { fields: { items: { 'en-US': targets.map(entryLink) } } },
              f.ctHeader('list'),
            )
          ).status,
        ).toBe(201);
      const leaves = Array.from({ length: 30 }, (_, i) => `leaf${i}`);
      for (const leaf of leaves) await create(leaf, []);
      await create('mid-narrow', ['leaf0']);
      await create('mid-wide', leaves);
      await create('narrow', ['mid-narrow']);
      await create('wide', ['mid-wide', ...leaves.slice(0, 10)]);
      const statements = async (id: string) => {
        const before = api().tessera.database.statements();
        const res = await api().get(`${s.m('entries')}/${id}/references`, { query: { include: 3 } });
        expect(res.status).toBe(200);
        return { count: api().tessera.database.statements() - before, included: res.body.includes.Entry.length };
      };
      // The fewest of three calls: the read cache is warm then, and a late cache invalidation only adds statements.
      const fewest = async (id: string) => {
        const runs = await withoutBackgroundWork(api(), async () => [
          await statements(id),
          await statements(id),
          await statements(id),
        ]);
        return { count: Math.min(...runs.map((r) => r.count)), included: runs[0]!.included };
      };
      const narrow = await fewest('narrow');
      const wide = await fewest('wide');
      expect([narrow.included, wide.included]).toEqual([2, 31]);
      expect(wide.count).toBe(narrow.count);
      expect(wide.count).toBeLessThan(10);
    });
  });
}
