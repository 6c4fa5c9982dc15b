import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { NewEntry } from '../port/entries.ts';
import type { Storage } from '../port/index.ts';
import type { OpenDatabase } from './index.ts';

const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'author', type: 'Link', linkType: 'Entry' },
];

// The storage's own repositories (outside transactions) send concurrent entry writes together: see entry-batches.ts.
for (const kind of DB_KINDS) {
  describe(`${kind}: concurrent entry writes go to the database together`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    let userId: string;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
      ({ userId } = await insertSpace(storage, 'space-a', ['master', 'staging']));
      for (const [environmentId, typeId] of [
        ['master', 'ct'],
        ['staging', 'ct'],
        ['master', 'ct2'],
      ] as const) {
        await sql`insert into content_types (space_id, environment_id, id, name, fields, published, published_version)
          values ('space-a', ${environmentId}, ${typeId}, 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb, 1)`.execute(
          open.db,
        );
      }
    });
    afterAll(async () => {
      await close?.();
    });

    const entry = (id: string, environmentId = 'master', contentTypeId = 'ct'): NewEntry => ({
      spaceId: 'space-a',
      environmentId,
      id,
      contentTypeId,
      createdBy: userId,
      tags: [],
      fields: {
        title: { 'en-US': id },
        author: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: `author-of-${id}` } } },
      },
    });
    const create = (e: NewEntry) => storage.repos.entries.insert(e, { author: e.fields.author! });
    const linksOf = async (ids: string[]) =>
      (
        await sql<{ source_id: string; target_id: string }>`select source_id, target_id from entry_links
      where space_id = 'space-a' and source_id = any(${ids}::text[]) order by source_id`.execute(open.db)
      ).rows;

    it('concurrent creates are one statement, and each gets its own entry', async () => {
      const ids = Array.from({ length: 10 }, (_, n) => `create-${n}`);
      const before = open.statements();
      const created = await Promise.all(ids.map((id) => create(entry(id))));
      const statements = open.statements() - before;
      expect(created.map((e) => e?.id)).toEqual(ids);
      expect(created.every((e) => e?.version === 1 && e.fields.title?.['en-US'] === e.id)).toBe(true);
      expect(statements).toBe(1);
      expect(await linksOf(ids)).toEqual(ids.map((id) => ({ source_id: id, target_id: `author-of-${id}` })));
    });

    it('writes of different environments go in statements of their own', async () => {
      const before = open.statements();
      const created = await Promise.all([
        create(entry('env-m1')),
        create(entry('env-s1', 'staging')),
        create(entry('env-m2')),
        create(entry('env-s2', 'staging')),
      ]);
      expect(created.map((e) => `${e?.environmentId}/${e?.id}`)).toEqual([
        'master/env-m1',
        'staging/env-s1',
        'master/env-m2',
        'staging/env-s2',
      ]);
      expect(open.statements() - before).toBe(2);
    });

    // PostgreSQL only: on PGlite a transaction holding the lock would hold the one session.
    it.runIf(kind === 'postgres')(
      'a write waiting for its content type holds up only the writes of that type',
      async () => {
        let blocked: Promise<unknown> | undefined;
        await open.db.transaction().execute(async (trx) => {
          await sql`select id from content_types where space_id = 'space-a' and environment_id = 'master' and id = 'ct' for update`.execute(
            trx,
          );
          blocked = create(entry('held-ct'));
          const other = await create(entry('free-ct2', 'master', 'ct2'));
          expect(other?.id).toBe('free-ct2');
        });
        expect(await blocked).toMatchObject({ id: 'held-ct' });
      },
    );

    it('a batch with a bad create runs each alone: the good ones are created, the bad one fails, a taken id answers undefined', async () => {
      await create(entry('taken'));
      const first = create(entry('first'));
      const results = await Promise.allSettled([
        create(entry('good-1')),
        create(entry('bad', 'master', 'no-such-type')),
        create(entry('taken')),
        create(entry('good-2')),
      ]);
      await first;
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[0] as PromiseFulfilledResult<{ id: string }>).value.id).toBe('good-1');
      expect((results[2] as PromiseFulfilledResult<unknown>).value).toBeUndefined();
      expect((results[3] as PromiseFulfilledResult<{ id: string }>).value.id).toBe('good-2');
      const rows = await sql<{
        id: string;
      }>`select id from entries where space_id = 'space-a' and id in ('good-1', 'good-2', 'bad', 'taken') order by id`.execute(
        open.db,
      );
      expect(rows.rows.map((r) => r.id)).toEqual(['good-1', 'good-2', 'taken']);
    });

    it('concurrent at-once publishes are one statement; one at a wrong version answers undefined', async () => {
      const ids = Array.from({ length: 6 }, (_, n) => `publish-${n}`);
      await Promise.all(ids.map((id) => create(entry(id))));
      const publish = (id: string, expectedVersion = 1) =>
        storage.repos.entries.publishValidated({
          spaceId: 'space-a',
          environmentId: 'master',
          id,
          contentTypeId: 'ct',
          expectedVersion,
          activationVersion: 1,
          userId,
          links: { author: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: `published-author-of-${id}` } } } },
          snapshot: { id: `snapshot-${id}`, createdBy: userId },
        });
      const before = open.statements();
      const published = await Promise.all(ids.map((id, n) => publish(id, n === 3 ? 7 : 1)));
      expect(open.statements() - before).toBe(1);
      expect(published.map((e) => e && `${e.id}@${e.version}/${e.publishedVersion}`)).toEqual(
        ids.map((id, n) => (n === 3 ? undefined : `${id}@2/1`)),
      );
      const snapshots = await sql<{
        entity_id: string;
      }>`select entity_id from snapshots where space_id = 'space-a' and entity_id = any(${ids}::text[]) order by entity_id`.execute(
        open.db,
      );
      expect(snapshots.rows.map((r) => r.entity_id)).toEqual(ids.filter((_, n) => n !== 3));
      const links = await sql<{ source_id: string; target_id: string }>`select source_id, target_id from entry_links
        where space_id = 'space-a' and (states & 2) <> 0 and source_id = any(${ids}::text[]) order by source_id`.execute(
        open.db,
      );
      expect(links.rows).toEqual(
        ids.filter((_, n) => n !== 3).map((id) => ({ source_id: id, target_id: `published-author-of-${id}` })),
      );
    });

    it('concurrent reads by id are one statement; each caller gets its own entry or undefined', async () => {
      const ids = ['read-1', 'read-2', 'read-3'];
      await Promise.all(ids.map((id) => create(entry(id))));
      const wanted = ['read-1', 'read-2', 'missing', 'read-3', 'read-2'];
      const before = open.statements();
      const found = await Promise.all(wanted.map((id) => storage.repos.entries.find('space-a', 'master', id)));
      expect(open.statements() - before).toBe(1);
      expect(found.map((e) => e?.id)).toEqual(['read-1', 'read-2', undefined, 'read-3', 'read-2']);
      expect(found[1]).toEqual(found[4]);
      expect(found[0]?.fields.title).toEqual({ 'en-US': 'read-1' });
    });

    it("publish validation's concurrent link lookups are one statement; each caller gets only its own ids", async () => {
      await Promise.all(['linked-1', 'linked-2'].map((id) => create(entry(id))));
      const lookups = storage.repos.entries.validationLookups('space-a', 'master');
      const asked = [['linked-1'], ['linked-2', 'nowhere'], ['linked-1', 'linked-2'], []];
      const before = open.statements();
      const answers = await Promise.all(asked.map((ids) => lookups.entries(ids)));
      expect(open.statements() - before).toBe(1);
      expect(answers.map((m) => [...m.keys()].sort())).toEqual([
        ['linked-1'],
        ['linked-2'],
        ['linked-1', 'linked-2'],
        [],
      ]);
      expect(answers[0]!.get('linked-1')).toEqual({ contentTypeId: 'ct', published: false });
    });

    it("a found entry's link targets are read with it: lookups of them run no statement and answer as a lookup would", async () => {
      const target = entry('target-published');
      await create(target);
      await storage.repos.entries.publishValidated({
        spaceId: 'space-a',
        environmentId: 'master',
        id: target.id,
        contentTypeId: 'ct',
        expectedVersion: 1,
        activationVersion: 1,
        userId,
        links: {},
      });
      const linking = (id: string, targetId: string) => ({
        ...entry(id),
        fields: {
          title: { 'en-US': id },
          author: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: targetId } } },
        },
      });
      await create(linking('links-to-published', target.id));
      await create(linking('links-to-nothing', 'no-such-entry'));
      const [toPublished, toNothing] = await Promise.all([
        storage.repos.entries.find('space-a', 'master', 'links-to-published'),
        storage.repos.entries.find('space-a', 'master', 'links-to-nothing'),
      ]);
      const before = open.statements();
      const published = await storage.repos.entries
        .validationLookups('space-a', 'master', toPublished)
        .entries([target.id]);
      const missing = await storage.repos.entries
        .validationLookups('space-a', 'master', toNothing)
        .entries(['no-such-entry']);
      expect(open.statements() - before).toBe(0);
      expect([...published]).toEqual([[target.id, { contentTypeId: 'ct', published: true }]]);
      expect([...missing]).toEqual([]);
      // The same questions asked of the database answer the same.
      expect(await storage.repos.entries.validationLookups('space-a', 'master').entries([target.id])).toEqual(
        published,
      );
      expect(await storage.repos.entries.validationLookups('space-a', 'master').entries(['no-such-entry'])).toEqual(
        missing,
      );
    });

    it("a transaction's lookups ask its own snapshot, not what was read with the entry before it", async () => {
      await create(entry('read-before-tx'));
      const found = await storage.repos.entries.find('space-a', 'master', 'read-before-tx');
      const statements = await storage.transaction(async (repos) => {
        const before = open.statements();
        await repos.entries.validationLookups('space-a', 'master', found).entries(['author-of-read-before-tx']);
        return open.statements() - before;
      });
      expect(statements).toBe(1);
    });

    it('ids that were not read with the entry are looked up in the database', async () => {
      await create(entry('asked-beyond'));
      await create(entry('other-target'));
      const found = await storage.repos.entries.find('space-a', 'master', 'asked-beyond');
      const before = open.statements();
      const answer = await storage.repos.entries
        .validationLookups('space-a', 'master', found)
        .entries(['author-of-asked-beyond', 'other-target']);
      expect(open.statements() - before).toBe(1);
      expect([...answer.keys()]).toEqual(['other-target']);
    });
  });
}
