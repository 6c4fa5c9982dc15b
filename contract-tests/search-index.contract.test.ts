import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';
import { field, FIELDS, searchIndexFixtures } from './support/search-index-fixtures.ts';

/** The search index kept in step with the entries' JSON (`searchIndexFixtures`) by every write, and answering searches. */
for (const kind of DB_KINDS) {
  describe(`${kind}: search index`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const envs = environmentFixtures(api);
    const db = () => api().tessera.database.db;
    const { expectIndexInStep, setup, ids } = searchIndexFixtures(api);

    it('answers filters, totals and ordering on indexed fields, draft and published, with missing values last', async () => {
      const s = await setup();
      await expectIndexInStep(s.id);
      const entries = (q: string) => ids(s.m('entries'), `content_type=doc&${q}`);
      const published = (q: string) => ids(s.m('public/entries'), `content_type=doc&${q}`);
      expect(await entries('fields.views[gt]=15')).toEqual({ total: 2, ids: ['d2', 'd3'] });
      expect(await published('fields.views[gt]=15')).toEqual({ total: 1, ids: ['d2'] });
      expect(await entries('order=-fields.views')).toEqual({ total: 5, ids: ['d3', 'd2', 'd1', 'd4', 'd5'] });
      expect(await published('order=-fields.views')).toEqual({ total: 2, ids: ['d2', 'd1'] });
      expect(await entries('fields.views[gte]=10&fields.views[lt]=30&order=fields.day')).toEqual({
        total: 2,
        ids: ['d1', 'd2'],
      });
      expect(await entries('order=fields.day')).toEqual({ total: 5, ids: ['d1', 'd3', 'd2', 'd4', 'd5'] });
      expect(await entries('fields.day[lt]=2024-01-01T00:30:00Z')).toEqual({ total: 1, ids: ['d1'] });
      expect(await entries('fields.title=Alpha DE')).toEqual({ total: 1, ids: ['d1'] });
      expect(await entries('fields.title[in]=beta,Gamma')).toEqual({ total: 2, ids: ['d2', 'd3'] });
      expect(await entries('order=fields.title')).toEqual({ total: 5, ids: ['d1', 'd2', 'd3', 'd4', 'd5'] });
      expect(await entries('fields.flag=false')).toEqual({ total: 1, ids: ['d2'] });
      expect(await entries('fields.flag=true&fields.score[lte]=1.5')).toEqual({ total: 1, ids: ['d1'] });
      expect(await entries('fields.views[in]=5,30&order=-fields.views')).toEqual({ total: 2, ids: ['d3', 'd4'] });
      // Pages across the end of the entries with a value, and past it.
      expect(await entries('order=-fields.views&skip=3&limit=2')).toEqual({ total: 5, ids: ['d4', 'd5'] });
      expect(await entries('order=-fields.views&skip=4&limit=5')).toEqual({ total: 5, ids: ['d5'] });
      expect(await entries('order=-fields.views&skip=5&limit=5')).toEqual({ total: 5, ids: [] });
      expect(await entries('fields.views[gt]=15&order=-fields.day&limit=1')).toEqual({ total: 2, ids: ['d2'] });
    });

    it('follows unpublish, delete, field rename and removal, locale deletion, clones and environment deletion', async () => {
      const s = await setup();
      const entries = (q: string, env = 'master') => ids(s.e(env, 'entries'), `content_type=doc&${q}`);
      await s.write('d2', '/published', 'DELETE');
      await s.write('d3', '', 'DELETE');
      await expectIndexInStep(s.id);
      expect(await entries('fields.views[gt]=15')).toEqual({ total: 1, ids: ['d2'] });
      expect(await ids(s.m('public/entries'), 'content_type=doc&order=-fields.views')).toEqual({
        total: 1,
        ids: ['d1'],
      });

      // Rename views -> hits and remove score (omit and activate, then delete and activate).
      let version = (await api().get(s.ct)).body.sys.version;
      const renamed = FIELDS.map((x) =>
        x.id === 'views' ? { ...x, newId: 'hits' } : x.id === 'score' ? { ...x, omitted: true } : x,
      );
      expect(
        (await api().put(s.ct, { name: 'Doc', displayField: 'title', fields: renamed }, f.version(version))).status,
      ).toBe(200);
      expect((await api().put(`${s.ct}/published`, undefined, f.version(version + 1))).status).toBe(200);
      const deleted = (await api().get(s.ct)).body.fields.map((x: any) =>
        x.id === 'score' ? { ...x, deleted: true } : x,
      );
      version = (await api().get(s.ct)).body.sys.version;
      expect(
        (await api().put(s.ct, { name: 'Doc', displayField: 'title', fields: deleted }, f.version(version))).status,
      ).toBe(200);
      expect((await api().put(`${s.ct}/published`, undefined, f.version(version + 1))).status).toBe(200);
      await expectIndexInStep(s.id);
      expect(await entries('fields.hits[gt]=15')).toEqual({ total: 1, ids: ['d2'] });
      expect(await entries('order=fields.hits')).toEqual({ total: 4, ids: ['d4', 'd1', 'd2', 'd5'] });
      expect((await api().get(`${s.m('entries')}?content_type=doc&fields.views[gt]=1`)).status).toBe(400);

      // Deleting de-DE removes its values.
      const de = (await api().get(s.m('locales'))).body.items.find((l: any) => l.code === 'de-DE');
      expect((await api().delete(`${s.m('locales')}/${de.sys.id}`)).status).toBe(204);
      await expectIndexInStep(s.id);
      expect(await entries('fields.title=Alpha DE')).toEqual({ total: 0, ids: [] });

      // A clone answers the same, then goes its own way; deleting it leaves master as it was.
      await envs.readyEnvironment(s.id, 'copy', 'master');
      await expectIndexInStep(s.id);
      expect(await entries('order=-fields.hits', 'copy')).toEqual(await entries('order=-fields.hits'));
      const d1 = (await api().get(`${s.e('copy', 'entries')}/d1`)).body;
      const updated = await api().put(
        `${s.e('copy', 'entries')}/d1`,
        { fields: { ...d1.fields, hits: { 'en-US': 99 } } },
        f.version(d1.sys.version),
      );
      expect(updated.status, updated.text).toBe(200);
      expect(await entries('order=-fields.hits&limit=1', 'copy')).toEqual({ total: 4, ids: ['d1'] });
      expect(await entries('order=-fields.hits&limit=1')).toEqual({ total: 4, ids: ['d2'] });
      await expectIndexInStep(s.id);
      expect((await api().delete(s.e('copy', '').replace(/\/$/, ''))).status).toBe(204);
      await expectIndexInStep(s.id);
      const slots = await sql<{
        n: number;
      }>`select count(*)::int as n from entry_value_slots where space_id = ${s.id} and environment_id = 'copy'`.execute(
        db(),
      );
      expect(slots.rows[0]!.n).toBe(0);
    });

    it('gives a clone an index that answers every indexed filter and order exactly like its source, and a link index that follows it', async () => {
      const s = await setup();
      const author = await api().put(`${s.m('content_types')}/note`, {
        name: 'Note',
        displayField: 'name',
        fields: [
          field('name', 'Symbol'),
          field('doc', 'Link', { linkType: 'Entry' }),
          field('docs', 'Array', { items: { type: 'Link', linkType: 'Entry' } }),
        ],
      });
      expect(author.status).toBe(201);
      expect((await api().put(`${s.m('content_types')}/note/published`, undefined, f.version(1))).status).toBe(200);
      const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
      for (const [id, doc, docs] of [
        ['n1', 'd1', ['d2', 'd3']],
        ['n2', 'd2', ['d1']],
      ] as const) {
        const res = await api().put(
          `${s.m('entries')}/${id}`,
          { fields: { name: { 'en-US': id }, doc: { 'en-US': link(doc) }, docs: { 'en-US': docs.map(link) } } },
          f.ctHeader('note'),
        );
        expect(res.status, res.text).toBe(201);
      }
      await envs.readyEnvironment(s.id, 'copy', 'master');
      await expectIndexInStep(s.id);
      const queries = [
        'content_type=doc&fields.views[gt]=15',
        'content_type=doc&order=-fields.views',
        'content_type=doc&order=fields.day',
        'content_type=doc&fields.views[gte]=10&fields.views[lt]=30&order=fields.day',
        'content_type=doc&fields.title=Alpha DE',
        'content_type=doc&fields.title[in]=beta,Gamma&order=fields.title',
        'content_type=doc&fields.flag=false',
        'content_type=doc&fields.flag=true&fields.score[lte]=1.5',
        'content_type=doc&fields.day[lt]=2024-01-01T00:30:00Z',
        'content_type=doc&order=-fields.views&skip=3&limit=2',
        'links_to_entry=d1',
        'links_to_entry=d2&order=sys.id',
        'links_to_entry=d3',
      ];
      for (const q of queries) {
        const [source, clone] = [await ids(s.m('entries'), q), await ids(s.e('copy', 'entries'), q)];
        expect(clone, q).toEqual(source);
        expect(source.total, q).toBeGreaterThan(0);
        expect(await ids(s.e('copy', 'public/entries'), q), q).toEqual(await ids(s.m('public/entries'), q));
      }
      const links = async (env: string) =>
        (
          await sql<{
            l: string;
          }>`select source_id || '>' || target_id || ' ' || case states when 1 then 'draft' when 2 then 'published' else 'draft+published' end as l
        from entry_links
        where space_id = ${s.id} and environment_id = ${env} order by 1`.execute(db())
        ).rows.map((r) => r.l);
      expect(await links('copy')).toEqual(await links('master'));
      expect(await links('copy')).toHaveLength(5);

      // Deleting an entry of the clone takes its links along, and leaves master's.
      expect((await api().delete(`${s.e('copy', 'entries')}/n1`)).status).toBe(204);
      expect(await links('copy')).toEqual(['n2>d1 draft', 'n2>d2 draft']);
      expect(await ids(s.e('copy', 'entries'), 'links_to_entry=d3')).toEqual({ total: 0, ids: [] });
      expect(await ids(s.m('entries'), 'links_to_entry=d3')).toEqual({ total: 1, ids: ['n1'] });
      // An environment's new id carries its links; deleting it removes its entries, links and values.
      await sql`update environments set id = 'copy2' where space_id = ${s.id} and id = 'copy'`.execute(db());
      expect(await links('copy2')).toEqual(['n2>d1 draft', 'n2>d2 draft']);
      expect(await links('copy')).toEqual([]);
      await expectIndexInStep(s.id);
      expect((await api().delete(s.e('copy2', '').replace(/\/$/, ''))).status).toBe(204);
      const left = await sql<{
        n: number;
      }>`select (select count(*) from entries where space_id = ${s.id} and environment_id = 'copy2')
        + (select count(*) from entry_links where space_id = ${s.id} and environment_id = 'copy2') as n`.execute(db());
      expect(Number(left.rows[0]!.n)).toBe(0);
      expect(await links('master')).toHaveLength(5);
      await expectIndexInStep(s.id);
    });

    it('keeps up with statements over many entries at once (set-based writes, renames, locale deletion, cascades)', async () => {
      const s = await setup();
      // 120 entries in one statement, then every other one published in one statement.
      await sql`insert into entries (space_id, environment_id, id, content_type_id, fields, created_by, updated_by)
        select ${s.id}, 'master', 'bulk' || g, 'doc', jsonb_build_object(
          'title', jsonb_build_object('en-US', 'Bulk ' || g, 'de-DE', 'Masse ' || g), 'views', jsonb_build_object('en-US', g),
          'day', jsonb_build_object('en-US', '2024-02-' || lpad((1 + g % 28)::text, 2, '0')), 'flag', jsonb_build_object('en-US', g % 2 = 0)),
          'bulk', 'bulk'
        from generate_series(1, 120) as g`.execute(db());
      await sql`update entries set published_fields = fields, published_version = version, version = version + 1
        where space_id = ${s.id} and id like 'bulk%' and right(id, 1) in ('0', '2', '4', '6', '8')`.execute(db());
      await expectIndexInStep(s.id);
      expect(await ids(s.m('entries'), 'content_type=doc&fields.views[gt]=100&order=-fields.views&limit=3')).toEqual({
        total: 20,
        ids: ['bulk120', 'bulk119', 'bulk118'],
      });
      expect((await ids(s.m('public/entries'), 'content_type=doc&fields.views[gt]=100&limit=0')).total).toBe(10);

      const version = (await api().get(s.ct)).body.sys.version;
      const renamed = FIELDS.map((x) => (x.id === 'views' ? { ...x, newId: 'hits' } : x));
      expect(
        (await api().put(s.ct, { name: 'Doc', displayField: 'title', fields: renamed }, f.version(version))).status,
      ).toBe(200);
      expect((await api().put(`${s.ct}/published`, undefined, f.version(version + 1))).status).toBe(200);
      const de = (await api().get(s.m('locales'))).body.items.find((l: any) => l.code === 'de-DE');
      expect((await api().delete(`${s.m('locales')}/${de.sys.id}`)).status).toBe(204);
      await expectIndexInStep(s.id);
      expect((await ids(s.m('entries'), 'content_type=doc&fields.hits[gt]=100&limit=0')).total).toBe(20);

      await envs.readyEnvironment(s.id, 'copy', 'master');
      await expectIndexInStep(s.id);
      expect((await api().delete(s.e('copy', '').replace(/\/$/, ''))).status).toBe(204);
      await sql`delete from entries where space_id = ${s.id} and environment_id = 'master' and id like 'bulk%' and published_version is null`.execute(
        db(),
      );
      await expectIndexInStep(s.id);
      expect((await ids(s.m('entries'), 'content_type=doc&fields.hits[gt]=100&limit=0')).total).toBe(10);
    });
  });
}
