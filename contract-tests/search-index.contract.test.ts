import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isoDateMillis } from '../src/domain/content-model/value-shape.ts';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const field = (id: string, type: string, extra: Record<string, unknown> = {}) =>
  ({ id, name: id, type, localized: false, required: false, disabled: false, omitted: false, validations: [], ...extra });
const FIELDS = [
  field('title', 'Symbol', { localized: true }), field('views', 'Integer'), field('score', 'Number'), field('day', 'Date'),
  field('flag', 'Boolean'), field('body', 'Text'),
];
const INDEXED = new Set(['Symbol', 'Integer', 'Number', 'Date', 'Boolean']);

/** A locale value as the search index holds it (see migration 0007), or undefined when it holds none. */
function indexed(type: string, value: unknown): string | undefined {
  if (type === 'Symbol') return typeof value === 'string' ? `text:${value}` : undefined;
  if (type === 'Boolean') return typeof value === 'boolean' ? `num:${value ? 1 : 0}` : undefined;
  if (type === 'Date') return typeof value === 'string' ? `num:${isoDateMillis(value) / 1000}` : undefined;
  return typeof value === 'number' ? `num:${value}` : undefined;
}

/**
 * The search index (entry_values) against the entries' JSON: every environment of a space, every entry, every
 * indexed field and locale, draft and published (one row when both sides hold the same value). Filters, totals and
 * ordering through the index are right exactly when this holds, whatever wrote the entries.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: search index`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const envs = environmentFixtures(api);
    const db = () => api().tessera.database.db;

    async function expected(spaceId: string): Promise<string[]> {
      const types = await db().selectFrom('content_types').selectAll().where('space_id', '=', spaceId).execute();
      const entries = await db().selectFrom('entries').selectAll().where('space_id', '=', spaceId).execute();
      const rows: string[] = [];
      for (const e of entries) {
        const type = types.find((t) => t.environment_id === e.environment_id && t.id === e.content_type_id)!;
        const definition = ((type.published as any)?.fields ?? type.fields) as Array<{ id: string; type: string }>;
        for (const { id, type: fieldType } of definition.filter((d) => INDEXED.has(d.type))) {
          const draft = (e.fields as any)[id] ?? {};
          const published = (e.published_fields as any)?.[id] ?? {};
          for (const locale of new Set([...Object.keys(draft), ...Object.keys(published)])) {
            const [d, p] = [indexed(fieldType, draft[locale]), indexed(fieldType, published[locale])];
            const at = `${e.environment_id} ${e.content_type_id}.${id}.${locale} ${e.id}`;
            if (d !== undefined && d === p) rows.push(`${at} 3 ${d}`);
            else {
              if (d !== undefined) rows.push(`${at} 1 ${d}`);
              if (p !== undefined) rows.push(`${at} 2 ${p}`);
            }
          }
        }
      }
      return rows.sort();
    }

    async function actual(spaceId: string): Promise<string[]> {
      const { rows } = await sql<any>`select s.environment_id, s.content_type_id, s.field_id, s.locale, v.entry_id, v.states, v.num, v.text
        from entry_values v join entry_value_slots s on s.id = v.slot where s.space_id = ${spaceId}`.execute(db());
      return rows.map((r) => `${r.environment_id} ${r.content_type_id}.${r.field_id}.${r.locale} ${r.entry_id} ${r.states} ${
        r.text !== null ? `text:${r.text}` : `num:${Number(r.num)}`}`).sort();
    }

    const expectIndexInStep = async (spaceId: string) => expect(await actual(spaceId)).toEqual(await expected(spaceId));

    async function setup() {
      const s = await f.space('Index');
      const ct = `${s.m('content_types')}/doc`;
      expect((await api().put(ct, { name: 'Doc', displayField: 'title', fields: FIELDS })).status).toBe(201);
      expect((await api().put(`${ct}/published`, undefined, f.version(1))).status).toBe(200);
      const entries: Record<string, { id: string; version: number }> = {};
      const create = async (name: string, fields: Record<string, unknown>) => {
        const res = await api().put(`${s.m('entries')}/${name}`, { fields }, f.ctHeader('doc'));
        expect(res.status, res.text).toBe(201);
        entries[name] = { id: res.body.sys.id, version: res.body.sys.version };
      };
      const write = async (name: string, path: string, method: 'PUT' | 'DELETE', body?: unknown) => {
        const res = await api().request(method, `${s.m('entries')}/${name}${path}`, { body, headers: f.version(entries[name]!.version).headers });
        expect(res.status, res.text).toBeLessThan(300);
        if (res.body?.sys) entries[name]!.version = res.body.sys.version;
      };
      const en = (v: unknown) => ({ 'en-US': v });
      await create('d1', { title: { 'en-US': 'Alpha', 'de-DE': 'Alpha DE' }, views: en(10), score: en(1.5), day: en('2024-01-01'), flag: en(true), body: en('x') });
      await create('d2', { title: en('beta'), views: en(20), day: en('2024-01-02T10:00:00Z'), flag: en(false) });
      await create('d3', { title: { 'de-DE': 'Gamma' }, views: en(30), day: en('2023-12-31T23:00:00-02:00') });
      await create('d4', { views: en(5) });
      await create('d5', { body: en('nothing indexed') });
      await write('d1', '/published', 'PUT');
      await write('d2', '/published', 'PUT');
      await write('d2', '', 'PUT', { fields: { title: en('beta'), views: en(25), day: en('2024-01-02T10:00:00Z'), flag: en(false) } });
      await write('d4', '/published', 'PUT');
      await write('d4', '/published', 'DELETE');
      await write('d4', '/archived', 'PUT');
      return { ...s, ct, write };
    }

    const ids = async (path: string, query: string) => {
      const res = await api().get(`${path}?${query}`);
      expect(res.status, res.text).toBe(200);
      return { total: res.body.total as number, ids: (res.body.items as any[]).map((i) => i.sys.id) };
    };

    it('answers filters, totals and ordering on indexed fields, draft and published, with missing values last', async () => {
      const s = await setup();
      await expectIndexInStep(s.id);
      const entries = (q: string) => ids(s.m('entries'), `content_type=doc&${q}`);
      const published = (q: string) => ids(s.m('public/entries'), `content_type=doc&${q}`);
      expect(await entries('fields.views[gt]=15')).toEqual({ total: 2, ids: ['d2', 'd3'] });
      expect(await published('fields.views[gt]=15')).toEqual({ total: 1, ids: ['d2'] });
      expect(await entries('order=-fields.views')).toEqual({ total: 5, ids: ['d3', 'd2', 'd1', 'd4', 'd5'] });
      expect(await published('order=-fields.views')).toEqual({ total: 2, ids: ['d2', 'd1'] });
      expect(await entries('fields.views[gte]=10&fields.views[lt]=30&order=fields.day')).toEqual({ total: 2, ids: ['d1', 'd2'] });
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
      expect(await ids(s.m('public/entries'), 'content_type=doc&order=-fields.views')).toEqual({ total: 1, ids: ['d1'] });

      // Rename views -> hits and remove score (omit and activate, then delete and activate).
      let version = (await api().get(s.ct)).body.sys.version;
      const renamed = FIELDS.map((x) => (x.id === 'views' ? { ...x, newId: 'hits' } : x.id === 'score' ? { ...x, omitted: true } : x));
      expect((await api().put(s.ct, { name: 'Doc', displayField: 'title', fields: renamed }, f.version(version))).status).toBe(200);
      expect((await api().put(`${s.ct}/published`, undefined, f.version(version + 1))).status).toBe(200);
      const deleted = (await api().get(s.ct)).body.fields.map((x: any) => (x.id === 'score' ? { ...x, deleted: true } : x));
      version = (await api().get(s.ct)).body.sys.version;
      expect((await api().put(s.ct, { name: 'Doc', displayField: 'title', fields: deleted }, f.version(version))).status).toBe(200);
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
      const updated = await api().put(`${s.e('copy', 'entries')}/d1`, { fields: { ...d1.fields, hits: { 'en-US': 99 } } }, f.version(d1.sys.version));
      expect(updated.status, updated.text).toBe(200);
      expect(await entries('order=-fields.hits&limit=1', 'copy')).toEqual({ total: 4, ids: ['d1'] });
      expect(await entries('order=-fields.hits&limit=1')).toEqual({ total: 4, ids: ['d2'] });
      await expectIndexInStep(s.id);
      expect((await api().delete(s.e('copy', '').replace(/\/$/, ''))).status).toBe(204);
      await expectIndexInStep(s.id);
      const slots = await sql<{ n: number }>`select count(*)::int as n from entry_value_slots where space_id = ${s.id} and environment_id = 'copy'`.execute(db());
      expect(slots.rows[0]!.n).toBe(0);
    });

    it('gives a clone an index that answers every indexed filter and order exactly like its source, and a link index that follows it', async () => {
      const s = await setup();
      const author = await api().put(`${s.m('content_types')}/note`, { name: 'Note', displayField: 'name', fields: [
        field('name', 'Symbol'), field('doc', 'Link', { linkType: 'Entry' }), field('docs', 'Array', { items: { type: 'Link', linkType: 'Entry' } })] });
      expect(author.status).toBe(201);
      expect((await api().put(`${s.m('content_types')}/note/published`, undefined, f.version(1))).status).toBe(200);
      const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
      for (const [id, doc, docs] of [['n1', 'd1', ['d2', 'd3']], ['n2', 'd2', ['d1']]] as const) {
        const res = await api().put(`${s.m('entries')}/${id}`, { fields: { name: { 'en-US': id }, doc: { 'en-US': link(doc) }, docs: { 'en-US': docs.map(link) } } }, f.ctHeader('note'));
        expect(res.status, res.text).toBe(201);
      }
      await envs.readyEnvironment(s.id, 'copy', 'master');
      await expectIndexInStep(s.id);
      const queries = [
        'content_type=doc&fields.views[gt]=15', 'content_type=doc&order=-fields.views', 'content_type=doc&order=fields.day',
        'content_type=doc&fields.views[gte]=10&fields.views[lt]=30&order=fields.day', 'content_type=doc&fields.title=Alpha DE',
        'content_type=doc&fields.title[in]=beta,Gamma&order=fields.title', 'content_type=doc&fields.flag=false',
        'content_type=doc&fields.flag=true&fields.score[lte]=1.5', 'content_type=doc&fields.day[lt]=2024-01-01T00:30:00Z',
        'content_type=doc&order=-fields.views&skip=3&limit=2', 'links_to_entry=d1', 'links_to_entry=d2&order=sys.id', 'links_to_entry=d3',
      ];
      for (const q of queries) {
        const [source, clone] = [await ids(s.m('entries'), q), await ids(s.e('copy', 'entries'), q)];
        expect(clone, q).toEqual(source);
        expect(source.total, q).toBeGreaterThan(0);
        expect(await ids(s.e('copy', 'public/entries'), q), q).toEqual(await ids(s.m('public/entries'), q));
      }
      const links = async (env: string) => (await sql<{ l: string }>`select source_id || '>' || target_id || ' ' || case states when 1 then 'draft' when 2 then 'published' else 'draft+published' end as l
        from entry_links
        where space_id = ${s.id} and environment_id = ${env} order by 1`.execute(db())).rows.map((r) => r.l);
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
      const left = await sql<{ n: number }>`select (select count(*) from entries where space_id = ${s.id} and environment_id = 'copy2')
        + (select count(*) from entry_links where space_id = ${s.id} and environment_id = 'copy2') as n`.execute(db());
      expect(Number(left.rows[0]!.n)).toBe(0);
      expect(await links('master')).toHaveLength(5);
      await expectIndexInStep(s.id);
    });

    it.runIf(kind === 'postgres')('copies values on a second connection, all or nothing: a failure on either side leaves no rows and the retry copies all; leftovers are replaced', async () => {
      const s = await setup();
      const count = async (env: string) => {
        const { rows } = await sql<{ entries: number; slots: number; values: number; links: number }>`select
          (select count(*) from entries where space_id = ${s.id} and environment_id = ${env})::int as entries,
          (select count(*) from entry_links where space_id = ${s.id} and environment_id = ${env})::int as links,
          (select count(*) from entry_value_slots where space_id = ${s.id} and environment_id = ${env})::int as slots,
          (select count(*) from entry_values v join entry_value_slots t on t.id = v.slot where t.space_id = ${s.id} and t.environment_id = ${env})::int as values`
          .execute(db());
        return rows[0]!;
      };
      // Failures are real PostgreSQL errors, raised by triggers this test adds for its own environment ids.
      await sql.raw(`create function fail_entries() returns trigger language plpgsql as $$
        begin
          if new.environment_id = 'broken-entries' then raise exception 'entries copy failed'; end if;
          return new;
        end $$;
        create function fail_values() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from entry_value_slots t where t.id = new.slot and t.environment_id = 'broken-values') then raise exception 'values copy failed'; end if;
          return new;
        end $$;
        create trigger fail_entries before insert on entries for each row execute function fail_entries();
        create trigger fail_values before insert on entry_values for each row execute function fail_values();`).execute(db());
      const broken = ['broken-entries', 'broken-values'];
      const lastError = async (env: string) => (await db().selectFrom('jobs').select('last_error').where('kind', '=', 'environment.clone')
        .where('payload', '@>', JSON.stringify({ spaceId: s.id, environmentId: env }) as never).executeTakeFirst())?.last_error ?? null;
      try {
        for (const env of broken) {
          expect((await api().put(`/spaces/${s.id}/environments/${env}`, { name: env }, { headers: { [envs.source()]: 'master' } })).status).toBe(201);
        }
        for (const env of broken) {
          await expect.poll(() => lastError(env), { timeout: 20_000, interval: 50 }).toContain('copy failed');
          expect(await count(env), env).toEqual({ entries: 0, links: 0, slots: 0, values: 0 });
        }
      } finally {
        await sql.raw('drop trigger fail_entries on entries; drop trigger fail_values on entry_values; drop function fail_entries(); drop function fail_values()').execute(db());
      }
      // The job's next attempt copies everything.
      for (const env of broken) {
        await envs.waitForState(s.id, env, 'ready');
        expect(await count(env), env).toEqual(await count('master'));
      }
      // What an attempt whose entries did not commit would leave: a slot of the target with stale values.
      const slot = await sql<{ id: number }>`insert into entry_value_slots (space_id, environment_id, content_type_id, field_id, locale)
        values (${s.id}, 'again', 'doc', 'views', 'en-US') returning id`.execute(db());
      await sql`insert into entry_values (slot, entry_id, states, num) values (${slot.rows[0]!.id}, 'd1', 3, 999), (${slot.rows[0]!.id}, 'ghost', 3, 1)`.execute(db());
      await envs.readyEnvironment(s.id, 'again', 'master');
      expect(await count('again')).toEqual({ ...(await count('master')) });
      expect(await ids(s.e('again', 'entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views')).toEqual(await ids(s.m('entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views'));
      await expectIndexInStep(s.id);
    });

    it.runIf(kind === 'postgres')('shares the values between both connections: the caller\'s copies the slots the second has not started', async () => {
      const s = await setup();
      // Every value row written, with the backend that wrote it; the first row of the first slot of the copy waits 2 s,
      // long enough for the caller's connection to copy the tables and take the other slots.
      await sql.raw(`create table clone_copy_log (slot int, pid int);
        create function log_values() returns trigger language plpgsql as $$
        begin
          if new.slot = (select min(id) from entry_value_slots where space_id = '${s.id}' and environment_id = 'shared')
            and not exists (select from clone_copy_log where slot = new.slot) then perform pg_sleep(2); end if;
          insert into clone_copy_log values (new.slot, pg_backend_pid());
          return new;
        end $$;
        create trigger log_values before insert on entry_values for each row execute function log_values();`).execute(db());
      try {
        await envs.readyEnvironment(s.id, 'shared', 'master');
      } finally {
        await sql.raw('drop trigger log_values on entry_values; drop function log_values()').execute(db());
      }
      const { rows } = await sql<{ slots: number; pids: number }>`select count(distinct l.slot)::int as slots, count(distinct l.pid)::int as pids
        from clone_copy_log as l join entry_value_slots as t on t.id = l.slot where t.space_id = ${s.id} and t.environment_id = 'shared'`.execute(db());
      await sql`drop table clone_copy_log`.execute(db());
      expect(rows[0]!.slots).toBeGreaterThan(2);
      expect(rows[0]!.pids).toBe(2);
      expect(await ids(s.e('shared', 'entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views')).toEqual(await ids(s.m('entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views'));
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
      expect(await ids(s.m('entries'), 'content_type=doc&fields.views[gt]=100&order=-fields.views&limit=3'))
        .toEqual({ total: 20, ids: ['bulk120', 'bulk119', 'bulk118'] });
      expect((await ids(s.m('public/entries'), 'content_type=doc&fields.views[gt]=100&limit=0')).total).toBe(10);

      const version = (await api().get(s.ct)).body.sys.version;
      const renamed = FIELDS.map((x) => (x.id === 'views' ? { ...x, newId: 'hits' } : x));
      expect((await api().put(s.ct, { name: 'Doc', displayField: 'title', fields: renamed }, f.version(version))).status).toBe(200);
      expect((await api().put(`${s.ct}/published`, undefined, f.version(version + 1))).status).toBe(200);
      const de = (await api().get(s.m('locales'))).body.items.find((l: any) => l.code === 'de-DE');
      expect((await api().delete(`${s.m('locales')}/${de.sys.id}`)).status).toBe(204);
      await expectIndexInStep(s.id);
      expect((await ids(s.m('entries'), 'content_type=doc&fields.hits[gt]=100&limit=0')).total).toBe(20);

      await envs.readyEnvironment(s.id, 'copy', 'master');
      await expectIndexInStep(s.id);
      expect((await api().delete(s.e('copy', '').replace(/\/$/, ''))).status).toBe(204);
      await sql`delete from entries where space_id = ${s.id} and environment_id = 'master' and id like 'bulk%' and published_version is null`.execute(db());
      await expectIndexInStep(s.id);
      expect((await ids(s.m('entries'), 'content_type=doc&fields.hits[gt]=100&limit=0')).total).toBe(10);
    });
  });
}
