import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { LocalizedFields } from '../port/content.ts';
import type { NewEntry } from '../port/entries.ts';
import type { Storage } from '../port/index.ts';
import { CACHE_CHANNEL } from './cache-context.ts';
import { toEntry } from './entries-repository.ts';
import { insertEntries, type EntryInsert } from './entry-insert-batch.ts';
import { linkColumns } from './entry-links.ts';
import type { OpenDatabase } from './index.ts';
import { ANNOUNCES_CONTENT } from './session-settings.ts';

const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'views', type: 'Integer' },
  { id: 'day', type: 'Date' },
  { id: 'author', type: 'Link', linkType: 'Entry' },
  { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry' } },
  { id: 'body', type: 'RichText' },
];
const LINK_FIELDS = ['author', 'related', 'body'];
const ENVIRONMENTS = ['master', 'staging'];

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });
const document = (...targets: string[]) => ({
  nodeType: 'document',
  data: {},
  content: targets.map((id) => ({
    nodeType: 'embedded-entry-block',
    data: { target: link('Entry', id) },
    content: [],
  })),
});

/** An entry with values of every indexed kind and links in several fields and locales, varied by `n`. */
function entryFields(n: number): LocalizedFields {
  return {
    title: { 'en-US': `title ${n}`, de: `Titel ${n}` },
    views: { 'en-US': n * 10 },
    day: { 'en-US': `2024-01-0${1 + (n % 9)}T00:00:00Z` },
    author: { 'en-US': link('Entry', `author-${n}`), de: link('Entry', `autor-${n}`) },
    related: { 'en-US': Array.from({ length: n % 4 }, (_, k) => link(k % 2 ? 'Asset' : 'Entry', `related-${n}-${k}`)) },
    body: { 'en-US': document(`embedded-${n}`, `embedded-${n}-b`), de: document(`eingebettet-${n}`) },
  };
}

const linkFields = (fields: LocalizedFields): LocalizedFields =>
  Object.fromEntries(Object.entries(fields).filter(([id]) => LINK_FIELDS.includes(id)));

const asInsert = (e: NewEntry): EntryInsert => ({
  spaceId: e.spaceId,
  environmentId: e.environmentId,
  id: e.id,
  contentTypeId: e.contentTypeId,
  fields: JSON.stringify(e.fields),
  tags: e.tags,
  createdBy: e.createdBy,
  ...linkColumns(linkFields(e.fields)),
});

/** What a record says beyond its space and the moment it was written. */
const comparable = (row: Record<string, unknown> | undefined) => {
  if (!row) return row;
  const { spaceId: _s, createdAt: _c, updatedAt: _u, ...rest } = toEntry(row);
  return rest;
};

for (const kind of DB_KINDS) {
  describe(`${kind}: entries inserted in one statement`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
    });
    afterAll(async () => {
      await close?.();
    });

    async function arrange(spaceId: string): Promise<string> {
      const { userId } = await insertSpace(storage, spaceId, ENVIRONMENTS);
      for (const environmentId of ENVIRONMENTS) {
        await sql`insert into content_types (space_id, environment_id, id, name, fields, published)
          values (${spaceId}, ${environmentId}, 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb)`.execute(
          open.db,
        );
      }
      return userId;
    }

    const entriesOf = async (spaceId: string) =>
      (
        await sql<Record<string, unknown>>`select * from entries
      where space_id = ${spaceId} order by environment_id, id`.execute(open.db)
      ).rows.map(comparable);
    const linksOf = async (spaceId: string) =>
      (
        await sql<Record<string, unknown>>`
      select environment_id, source_id, states, field_id, locale, position, target_type, target_id from entry_links
      where space_id = ${spaceId} order by environment_id, source_id, field_id, locale, position, target_type, target_id`.execute(
          open.db,
        )
      ).rows;
    const valuesOf = async (spaceId: string) =>
      (
        await sql<Record<string, unknown>>`
      select s.environment_id, s.content_type_id, s.field_id, s.locale, v.entry_id, v.states, v.num::text as num, v.text
      from entry_values as v join entry_value_slots as s on s.id = v.slot
      where s.space_id = ${spaceId} order by 1, 2, 3, 4, 5, 6`.execute(open.db)
      ).rows;
    /** Runs `write` and answers how many statements it sent. */
    const statementsOf = async <T>(write: () => Promise<T>): Promise<{ result: T; statements: number }> => {
      const before = open.statements();
      const result = await write();
      return { result, statements: open.statements() - before };
    };

    it('writes the same entries, link rows and search values as single inserts, across environments, in one statement', async () => {
      const one = await arrange('space-single');
      const batch = await arrange('space-batch');
      const entries = (spaceId: string, createdBy: string): NewEntry[] =>
        [0, 1, 2, 3, 4, 5].map((n) => ({
          spaceId,
          environmentId: ENVIRONMENTS[n % 2]!,
          id: `entry-${n}`,
          contentTypeId: 'ct',
          fields: entryFields(n),
          tags: ['t1', 't2', 't3'].slice(0, n % 4),
          createdBy: n === 3 ? (null as unknown as string) : createdBy,
        }));
      const singles = [];
      for (const e of entries('space-single', one))
        singles.push(await storage.repos.entries.insert(e, linkFields(e.fields)));
      const { result, statements } = await statementsOf(() =>
        insertEntries(open.db, entries('space-batch', batch).map(asInsert)),
      );

      expect(statements).toBe(1);
      expect(result.map(comparable)).toEqual(
        singles.map((r) => {
          const { spaceId: _s, createdAt: _c, updatedAt: _u, ...rest } = r!;
          return { ...rest, createdBy: rest.createdBy && batch, updatedBy: rest.updatedBy && batch };
        }),
      );
      const byUser = (rows: unknown[]) =>
        JSON.parse(JSON.stringify(rows).replaceAll(one, 'user').replaceAll(batch, 'user'));
      expect(byUser(await entriesOf('space-batch'))).toEqual(byUser(await entriesOf('space-single')));
      expect(await entriesOf('space-batch')).toHaveLength(6);
      expect((await entriesOf('space-batch')).map((e) => e!.tags)).toEqual([
        [],
        ['t1', 't2'],
        [],
        ['t1'],
        ['t1', 't2', 't3'],
        ['t1'],
      ]);
      const links = await linksOf('space-batch');
      expect(links).toEqual(await linksOf('space-single'));
      expect(links.filter((l) => l.environment_id === 'staging').length).toBeGreaterThan(0);
      expect(links).toHaveLength(6 * 5 + [0, 1, 2, 3, 0, 1].reduce((a, b) => a + b));
      const values = await valuesOf('space-batch');
      expect(values).toEqual(await valuesOf('space-single'));
      expect(values).toHaveLength(6 * 4);
    });

    it('answers undefined for a taken id and leaves its row and links as they were; the others are inserted', async () => {
      const userId = await arrange('space-taken');
      const entry = (id: string, n: number, environmentId = 'master'): NewEntry => ({
        spaceId: 'space-taken',
        environmentId,
        id,
        contentTypeId: 'ct',
        fields: entryFields(n),
        tags: [],
        createdBy: userId,
      });
      const existing = await storage.repos.entries.insert(entry('taken', 1), linkFields(entryFields(1)));
      const linksBefore = await linksOf('space-taken');
      const valuesBefore = await valuesOf('space-taken');

      const result = await insertEntries(
        open.db,
        [entry('taken', 2), entry('fresh', 3), entry('taken', 5, 'staging')].map(asInsert),
      );
      expect(result[0]).toBeUndefined();
      expect(result[1]).toMatchObject({ id: 'fresh', environment_id: 'master', version: 1 });
      expect(result[2]).toMatchObject({ id: 'taken', environment_id: 'staging' });
      expect(await storage.repos.entries.find('space-taken', 'master', 'taken')).toEqual(existing);
      const links = await linksOf('space-taken');
      expect(links.filter((l) => l.source_id === 'taken' && l.environment_id === 'master')).toEqual(linksBefore);
      expect(links.filter((l) => l.source_id === 'fresh').map((l) => l.target_id)).toContain('author-3');
      const values = await valuesOf('space-taken');
      expect(values.filter((v) => v.entry_id === 'taken' && v.environment_id === 'master')).toEqual(valuesBefore);
    });

    it('inserts the first of items with one key and writes only its links; the later ones answer undefined', async () => {
      const userId = await arrange('space-twice');
      const entry = (id: string, n: number, environmentId = 'master'): EntryInsert =>
        asInsert({
          spaceId: 'space-twice',
          environmentId,
          id,
          contentTypeId: 'ct',
          fields: entryFields(n),
          tags: [`t${n}`],
          createdBy: userId,
        });
      const result = await insertEntries(open.db, [
        entry('twice', 1),
        entry('other', 2),
        entry('twice', 3),
        entry('twice', 5, 'staging'),
      ]);
      expect(result[0]).toMatchObject({ id: 'twice', environment_id: 'master', tags: ['t1'], fields: entryFields(1) });
      expect(result[1]).toMatchObject({ id: 'other', tags: ['t2'] });
      expect(result[2]).toBeUndefined();
      expect(result[3]).toMatchObject({ id: 'twice', environment_id: 'staging', tags: ['t5'] });
      const targets = (await linksOf('space-twice'))
        .filter((l) => l.source_id === 'twice' && l.environment_id === 'master')
        .map((l) => l.target_id);
      expect(targets).toContain('author-1');
      expect(targets.filter((t) => String(t).endsWith('-3'))).toEqual([]);

      // A taken key repeated: every item answers undefined.
      expect(await insertEntries(open.db, [entry('twice', 7), entry('twice', 8)])).toEqual([undefined, undefined]);
    });

    it('answers [] for no items without a statement, and inserts a batch of one in one statement', async () => {
      const userId = await arrange('space-one');
      expect(await statementsOf(() => insertEntries(open.db, []))).toEqual({ result: [], statements: 0 });
      const single = asInsert({
        spaceId: 'space-one',
        environmentId: 'staging',
        id: 'only',
        contentTypeId: 'ct',
        fields: entryFields(2),
        tags: ['a', 'b'],
        createdBy: userId,
      });
      const { result, statements } = await statementsOf(() => insertEntries(open.db, [single]));
      expect(statements).toBe(1);
      expect(result).toHaveLength(1);
      expect(comparable(result[0])).toEqual(
        comparable(
          (
            await sql<Record<string, unknown>>`select * from entries
        where space_id = 'space-one' and environment_id = 'staging' and id = 'only'`.execute(open.db)
          ).rows[0],
        ),
      );
      expect(result[0]).toMatchObject({ tags: ['a', 'b'], created_by: userId, updated_by: userId, version: 1 });
      expect(
        (await linksOf('space-one')).map(
          (l) => `${l.field_id}.${l.locale}.${l.position} ${l.target_type}:${l.target_id}`,
        ),
      ).toEqual([
        'author.de.0 Entry:autor-2',
        'author.en-US.0 Entry:author-2',
        'body.de.0 Entry:eingebettet-2',
        'body.en-US.0 Entry:embedded-2',
        'body.en-US.1 Entry:embedded-2-b',
        'related.en-US.0 Entry:related-2-0',
        'related.en-US.1 Asset:related-2-1',
      ]);
    });

    it('fails as a whole when one item names an unknown content type or environment', async () => {
      const userId = await arrange('space-fails');
      const entry = (id: string, contentTypeId = 'ct', environmentId = 'master') =>
        asInsert({
          spaceId: 'space-fails',
          environmentId,
          id,
          contentTypeId,
          fields: entryFields(1),
          tags: [],
          createdBy: userId,
        });
      await expect(insertEntries(open.db, [entry('good'), entry('bad', 'missing')])).rejects.toMatchObject({
        code: '23503',
      });
      await expect(insertEntries(open.db, [entry('good'), entry('bad', 'ct', 'nowhere')])).rejects.toMatchObject({
        code: '23503',
      });
      expect(await entriesOf('space-fails')).toEqual([]);
      expect(await linksOf('space-fails')).toEqual([]);
      expect((await insertEntries(open.db, [entry('good')]))[0]).toMatchObject({ id: 'good' });
    });

    it.skipIf(kind !== 'postgres')(
      'inserts in key order: two batches of the same ids in opposite orders wait for each other, no deadlock',
      async () => {
        const userId = await arrange('space-order');
        const entry = (id: string) =>
          asInsert({
            spaceId: 'space-order',
            environmentId: 'master',
            id,
            contentTypeId: 'ct',
            fields: entryFields(1),
            tags: [],
            createdBy: userId,
          });
        const blocked = async (count: number) => {
          for (let tries = 0; ; tries++) {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(open.db);
            if (rows[0]!.n >= count) return;
            if (tries > 500) throw new Error(`${count} statements never waited for a lock`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        // An open transaction holds `m`: both batches stop there (or before), whatever each inserted before it.
        let commit: () => void = () => {};
        let holding: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          holding = resolve;
        });
        const blocker = open.db.transaction().execute(async (tx) => {
          await insertEntries(tx, [entry('m')]);
          holding();
          await new Promise<void>((resolve) => {
            commit = resolve;
          });
        });
        await held;
        const first = insertEntries(open.db, ['a', 'm', 'z'].map(entry));
        await blocked(1);
        const second = insertEntries(open.db, ['z', 'm', 'a'].map(entry));
        await blocked(2);
        commit();
        await blocker;
        const results = await Promise.allSettled([first, second]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
        expect((await entriesOf('space-order')).map((e) => e!.id)).toEqual(['a', 'm', 'z']);
      },
    );

    it.skipIf(kind !== 'postgres')(
      "announces every environment it wrote through the tables' triggers, once each",
      async () => {
        const userId = await arrange('space-notify');
        const listener = await open.pool!.connect();
        try {
          const received: string[] = [];
          let markerSeen: () => void = () => {};
          const marker = new Promise<void>((resolve) => {
            markerSeen = resolve;
          });
          listener.on('notification', (m) => {
            if (m.channel !== CACHE_CHANNEL) return;
            if (m.payload === 'marker') markerSeen();
            else received.push(m.payload ?? '');
          });
          await listener.query(`listen ${CACHE_CHANNEL}`);
          await open.db.transaction().execute(async (tx) => {
            // Tessera's connections announce after commit (migration 0015); this one lets the triggers do it.
            await sql`select set_config(${ANNOUNCES_CONTENT}, 'off', true)`.execute(tx);
            await insertEntries(
              tx,
              ['master', 'staging', 'master'].map((environmentId, n) =>
                asInsert({
                  spaceId: 'space-notify',
                  environmentId,
                  id: `n${n}`,
                  contentTypeId: 'ct',
                  fields: entryFields(n),
                  tags: [],
                  createdBy: userId,
                }),
              ),
            );
          });
          await sql`select pg_notify(${CACHE_CHANNEL}, 'marker')`.execute(open.db);
          await marker;
          expect(received.sort()).toEqual(['content:space-notify:master', 'content:space-notify:staging']);
        } finally {
          await listener.query(`unlisten ${CACHE_CHANNEL}`);
          listener.release();
        }
      },
    );
  });
}
