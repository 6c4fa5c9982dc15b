import { describe, expect, it } from 'vitest';
import { contentFixtures, entryLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { fewestStatements } from './support/statement-count.ts';
import { toEntry } from '../src/storage/postgres/entries-repository.ts';

/**
 * Issue 3's write path, in SQL statements (warm, so access checks, locales and the content type come from the
 * read cache): creating an entry with a link is one statement (the row, its search values and its link index
 * rows, answered with what its links point to); publishing it right after is one more, validated against the entry as
 * created (one statement that locks the content type, checks that the entry and its link targets are unchanged,
 * publishes, replaces the published links and records the snapshot). An entry this process did not just create
 * takes two: it is read first, with what its links point to, for publish-time validation. Other
 * processes learn of the writes after commit, from the process's announcer (cache-announcer.ts, migration 0015).
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: statements of an entry create and publish`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    it('create: 1 statement; publish right after: 1, otherwise 2; the links, search values and snapshot are all written', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'person', [{ id: 'name', type: 'Symbol' }]);
      await f.contentType(s.id, 'article', [
        { id: 'title', type: 'Symbol' },
        { id: 'author', type: 'Link', linkType: 'Entry' },
      ]);
      expect(
        (await api().put(`${s.m('entries')}/p`, { fields: { name: { 'en-US': 'P' } } }, f.ctHeader('person'))).status,
      ).toBe(201);
      expect((await api().put(`${s.m('entries')}/p/published`, undefined, f.version(1))).status).toBe(200);
      const fields = { title: { 'en-US': 'Article' }, author: { 'en-US': entryLink('p') } };
      let last = '';
      const create = async () => {
        const res = await api().post(s.m('entries'), { fields }, f.ctHeader('article'));
        expect(res.status).toBe(201);
        last = res.body.sys.id;
      };
      const publish = async (updated: boolean) => {
        await create();
        if (updated) expect((await api().put(`${s.m('entries')}/${last}`, { fields }, f.version(1))).status).toBe(200);
        const before = api().tessera.database.statements();
        const res = await api().put(`${s.m('entries')}/${last}/published`, undefined, f.version(updated ? 2 : 1));
        expect(res.status).toBe(200);
        return api().tessera.database.statements() - before;
      };
      const fewestPublishing = async (updated: boolean) => {
        let publishing = Infinity;
        await fewestStatements(api(), async () => {
          publishing = Math.min(publishing, await publish(updated));
        });
        return publishing;
      };
      await create();
      expect(await fewestStatements(api(), create)).toBe(1);
      expect(await fewestPublishing(true)).toBe(2);
      expect(await fewestPublishing(false)).toBe(1);

      expect(await f.links(s.id, last)).toEqual([
        'draft author en-US 0 -> Entry:p',
        'published author en-US 0 -> Entry:p',
      ]);
      const snapshots = await api().get(`${s.m('entries')}/${last}/snapshots`);
      expect(snapshots.body.total).toBe(1);
      const search = await api().get(`${s.m('entries')}?content_type=article&fields.title=Article&sys.id=${last}`);
      expect(search.body.total).toBe(1);
      // The snapshot built in SQL is the record the repository reads, as the publishing transaction would store it.
      const stored = await f
        .db()
        .selectFrom('snapshots')
        .select('snapshot')
        .where('space_id', '=', s.id)
        .where('entity_id', '=', last)
        .executeTakeFirstOrThrow();
      const row = await f.row('entries', s.id, last);
      expect(stored.snapshot).toEqual(JSON.parse(JSON.stringify(toEntry(row))));
    });
  });
}
