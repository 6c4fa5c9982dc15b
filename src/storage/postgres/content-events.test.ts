import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { ContentEventRecord, EntryRecord, Repositories, Storage } from '../port/index.ts';
import { insertEntries, type EntryInsert } from './entry-insert-batch.ts';
import { linkColumns } from './entry-links.ts';
import { publishEntries } from './entry-publish.ts';
import type { OpenDatabase } from './index.ts';
import { SUBSCRIBING_FORMS } from '../../domain/webhooks/definitions/topic-match.ts';

const FIELDS = [{ id: 'title', type: 'Symbol' }];
/** Where and what an event is, without its snapshot (a claim for dispatch carries only the ones webhooks want). */
const placed = (e: { environmentId: string; entityType: string; entityId: string; action: string }) =>
  `${e.environmentId} ${e.entityType} ${e.entityId} ${e.action}`;
const summary = (e: ContentEventRecord) =>
  `${e.environmentId} ${e.entityType} ${e.entityId} ${e.action} v${e.entity.version}`;

for (const kind of DB_KINDS) {
  describe(`${kind}: content events below the API`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
    });
    afterAll(async () => {
      await close?.();
    });

    const events = (spaceId: string) => storage.repos.events.listForSpace(spaceId);
    /** A space with `environments` and an activated content type `ct` in each, its events left out of what follows. */
    async function arrange(spaceId: string, environments = ['master']) {
      const { userId } = await insertSpace(storage, spaceId, environments);
      for (const environmentId of environments) {
        await sql`insert into content_types (space_id, environment_id, id, name, fields, published, version, published_version, published_counter)
          values (${spaceId}, ${environmentId}, 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ name: 'CT', fields: FIELDS })}::jsonb, 2, 1, 1)`.execute(
          open.db,
        );
      }
      const after = (await events(spaceId)).at(-1)?.id;
      return { userId, since: () => storage.repos.events.listForSpace(spaceId, { afterId: after }) };
    }
    const newEntry = (spaceId: string, id: string, userId: string, environmentId = 'master') => ({
      spaceId,
      environmentId,
      id,
      contentTypeId: 'ct',
      fields: { title: { 'en-US': id } },
      tags: [],
      createdBy: userId,
    });
    const insert = async (repos: Repositories, spaceId: string, id: string, userId: string) =>
      (await repos.entries.insert(newEntry(spaceId, id, userId)))!;
    /**
     * Waits until every event recorded so far may be claimed by a consumer: the snapshot's xmin is cluster-wide, so a
     * transaction of another suite's database (CI runs files side by side on one server) holds claims back a moment.
     */
    async function settled() {
      for (let tries = 0; tries < 500; tries += 1) {
        const { rows } = await sql<{ ready: boolean }>`select pg_snapshot_xmin(pg_current_snapshot()) >
          coalesce((select max(xact_id) from content_events), '0'::xid8) as ready`.execute(open.db);
        if (rows[0]!.ready) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('a transaction held the events back for 10 s');
    }
    /** Moves the consumer past every event recorded so far. */
    async function drainConsumer(consumer: string) {
      await settled();
      await storage.transaction(async (repos) => {
        while ((await repos.events.claimForConsumer(consumer, 500)).length > 0);
      });
    }
    /** Claims and marks everything undispatched, in as many rounds as it takes. */
    async function drain() {
      for (;;) {
        const claimed = (
          await storage.transaction((repos) => repos.webhookCalls.claimForDispatch(100, 0, SUBSCRIBING_FORMS))
        ).events.length;
        if (claimed === 0) return;
      }
    }

    it('records hand-written SQL too, and maps each snapshot as the repositories map their rows', async () => {
      const { userId } = await arrange('space-ev1');
      await insert(storage.repos, 'space-ev1', 'e1', userId);
      await storage.repos.assets.insert({
        spaceId: 'space-ev1',
        environmentId: 'master',
        id: 'a1',
        fields: {},
        tags: [],
        createdBy: userId,
      });
      const all = await events('space-ev1');
      expect(all.map(summary)).toEqual([
        'master ContentType ct create v2',
        'master Entry e1 create v1',
        'master Asset a1 create v1',
      ]);
      expect(all[0]!.entity).toEqual(await storage.repos.contentTypes.find('space-ev1', 'master', 'ct'));
      expect(all[1]!.entity).toEqual(await storage.repos.entries.find('space-ev1', 'master', 'e1'));
      expect(all[2]!.entity).toEqual(await storage.repos.assets.find('space-ev1', 'master', 'a1'));
      expect(all[1]).toMatchObject({ spaceId: 'space-ev1', actorId: userId, occurredAt: expect.any(Date) });
      expect(BigInt(all[1]!.id)).toBeGreaterThan(BigInt(all[0]!.id));
    });

    it('records nothing for a transaction that rolled back', async () => {
      const { userId, since } = await arrange('space-ev2');
      await expect(
        storage.transaction(async (repos) => {
          await insert(repos, 'space-ev2', 'e1', userId);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await since()).toEqual([]);
      expect(await storage.repos.entries.find('space-ev2', 'master', 'e1')).toBeUndefined();
    });

    it('keeps each snapshot as its change committed; auto_save, a delete actor and "off" come from the transaction', async () => {
      const { userId, since } = await arrange('space-ev3');
      const created = await insert(storage.repos, 'space-ev3', 'e1', userId);
      const first = (await since())[0]!;
      await storage.transaction(async (repos) => {
        await repos.events.describeTransaction({ action: 'auto_save' });
        await repos.entries.update(
          'space-ev3',
          'master',
          'e1',
          { fields: { title: { 'en-US': 'auto' } }, tags: [] },
          1,
          'editor',
        );
      });
      await storage.repos.entries.update(
        'space-ev3',
        'master',
        'e1',
        { fields: { title: { 'en-US': 'saved' } }, tags: [] },
        2,
        'editor',
      );
      await storage.transaction(async (repos) => {
        await repos.events.describeTransaction({ off: true });
        await repos.entries.update(
          'space-ev3',
          'master',
          'e1',
          { fields: { title: { 'en-US': 'silent' } }, tags: [] },
          3,
          'editor',
        );
      });
      await storage.transaction(async (repos) => {
        await repos.events.describeTransaction({ actorId: 'deleter' });
        expect(await repos.entries.delete('space-ev3', 'master', 'e1')).toBe(true);
      });
      await insert(storage.repos, 'space-ev3', 'e2', userId);
      await storage.repos.entries.delete('space-ev3', 'master', 'e2');

      const all = await since();
      expect(all.map((e) => `${summary(e)} by ${e.actorId}`)).toEqual([
        'master Entry e1 create v1 by ' + userId,
        'master Entry e1 auto_save v2 by editor',
        'master Entry e1 save v3 by editor',
        'master Entry e1 delete v4 by deleter',
        'master Entry e2 create v1 by ' + userId,
        'master Entry e2 delete v1 by ' + userId,
      ]);
      expect(all[0]).toEqual(first);
      expect(all[0]!.entity).toEqual(created);
      expect(all.map((e) => (e.entity as EntryRecord).fields.title?.['en-US'])).toEqual([
        'e1',
        'auto',
        'saved',
        'silent',
        'e2',
        'e2',
      ]);
    });

    it('records one event per entity of the batched statements, and of bulk statements (planned for their size)', async () => {
      const { userId, since } = await arrange('space-ev4');
      const items: EntryInsert[] = ['b1', 'b2', 'b3'].map((id) => ({
        spaceId: 'space-ev4',
        environmentId: 'master',
        id,
        contentTypeId: 'ct',
        fields: JSON.stringify({ title: { 'en-US': id } }),
        tags: [],
        createdBy: userId,
        ...linkColumns(null),
      }));
      await insertEntries(open.db, items);
      const published = await publishEntries(
        open.db,
        ['b1', 'b2', 'b3'].map((id) => ({
          spaceId: 'space-ev4',
          environmentId: 'master',
          id,
          contentTypeId: 'ct',
          expectedVersion: 1,
          activationVersion: 1,
          userId: 'publisher',
          links: {},
        })),
      );
      expect(published.every(Boolean)).toBe(true);
      const batched = await since();
      expect(batched.map(summary)).toEqual(
        ['b1 create v1', 'b2 create v1', 'b3 create v1', 'b1 publish v2', 'b2 publish v2', 'b3 publish v2'].map(
          (s) => `master Entry ${s}`,
        ),
      );
      expect(batched.slice(3).map((e) => e.entity)).toEqual(published);
      expect(batched[3]!.actorId).toBe('publisher');

      const after = batched.at(-1)!.id;
      await sql`insert into entries (space_id, environment_id, id, content_type_id, created_by, updated_by)
        select 'space-ev4', 'master', 'bulk' || n, 'ct', 'bulk', 'bulk' from generate_series(1, 60) as n`.execute(
        open.db,
      );
      await sql`update entries set version = version + 1 where space_id = 'space-ev4' and id like 'bulk%'`.execute(
        open.db,
      );
      await sql`update entries set fields = '{}' where space_id = 'space-ev4' and id like 'bulk%'`.execute(open.db); // no version: none
      await sql`delete from entries where space_id = 'space-ev4' and id like 'bulk%'`.execute(open.db);
      const bulk = await storage.repos.events.listForSpace('space-ev4', { afterId: after });
      const count = (action: string) => bulk.filter((e) => e.action === action).length;
      expect([count('create'), count('save'), count('delete'), bulk.length]).toEqual([60, 60, 60, 180]);
      expect(bulk.find((e) => e.entityId === 'bulk7' && e.action === 'save')!.entity.version).toBe(2);
    });

    it('records nothing for an environment copy, rename or deletion, nor a space deletion', async () => {
      const { userId, since } = await arrange('space-ev5', ['master', 'copy']);
      await sql`delete from content_types where space_id = 'space-ev5' and environment_id = 'copy'`.execute(open.db);
      await insert(storage.repos, 'space-ev5', 'e1', userId);
      await storage.repos.assets.insert({
        spaceId: 'space-ev5',
        environmentId: 'master',
        id: 'a1',
        fields: {},
        tags: [],
        createdBy: userId,
      });
      const before = (await since()).map(summary);
      expect(before).toEqual([
        'copy ContentType ct delete v2',
        'master Entry e1 create v1',
        'master Asset a1 create v1',
      ]);
      await storage.transaction((repos) => repos.environments.copyContent('space-ev5', 'master', 'copy'), {
        snapshot: true,
      });
      expect(await storage.repos.entries.find('space-ev5', 'copy', 'e1')).toBeDefined();
      await sql`update environments set id = 'renamed' where space_id = 'space-ev5' and id = 'copy'`.execute(open.db);
      expect(await storage.repos.entries.find('space-ev5', 'renamed', 'e1')).toBeDefined();
      expect(await storage.repos.environments.delete('space-ev5', 'renamed')).toBe(true);
      // The copy's setting ends with the copy: the same transaction's later writes record again.
      await storage.repos.environments.insert({
        spaceId: 'space-ev5',
        id: 'copy',
        name: 'copy',
        status: 'ready',
        sourceEnvironmentId: null,
        createdBy: userId,
      });
      await storage.transaction(
        async (repos) => {
          await repos.environments.copyContent('space-ev5', 'master', 'copy');
          await repos.entries.update('space-ev5', 'copy', 'e1', { fields: {}, tags: [] }, 1, userId);
        },
        { snapshot: true },
      );
      expect((await since()).map(summary)).toEqual([...before, 'copy Entry e1 save v2']);
      await storage.repos.spaces.delete('space-ev5');
      expect((await since()).map(summary)).toEqual([...before, 'copy Entry e1 save v2']);
    });

    it('claims undispatched events oldest first; marked ones are not claimed again', async () => {
      await drain();
      expect(await storage.repos.events.hasUndispatched()).toBe(false);
      const { userId } = await arrange('space-ev6');
      for (const id of ['e1', 'e2', 'e3']) await insert(storage.repos, 'space-ev6', id, userId);
      expect(await storage.repos.events.hasUndispatched()).toBe(true);
      const first = await storage.transaction((repos) => repos.webhookCalls.claimForDispatch(2, 0, SUBSCRIBING_FORMS));
      expect(first.events.map(placed)).toEqual(['master ContentType ct create', 'master Entry e1 create']);
      // Claimed in a transaction that rolled back: still undispatched.
      await storage
        .transaction(async (repos) => {
          expect(
            (await repos.webhookCalls.claimForDispatch(10, 0, SUBSCRIBING_FORMS)).events.map((e) => e.entityId),
          ).toEqual(['e2', 'e3']);
          throw new Error('dispatch failed');
        })
        .catch(() => {});
      const rest = await storage.transaction((repos) => repos.webhookCalls.claimForDispatch(10, 0, SUBSCRIBING_FORMS));
      expect(rest.events.map((e) => e.entityId)).toEqual(['e2', 'e3']);
      expect(await storage.repos.events.hasUndispatched()).toBe(false);
      const listed = await events('space-ev6');
      expect(listed.map((e) => e.entityId)).toEqual(['ct', 'e1', 'e2', 'e3']);
      expect(
        (await storage.repos.events.listForSpace('space-ev6', { afterId: listed[1]!.id, limit: 1 })).map(
          (e) => e.entityId,
        ),
      ).toEqual(['e2']);
    });

    it('a consumer claims its events oldest first, each once; a rolled back claim gives them back', async () => {
      await drainConsumer('test-consumer');
      const { userId } = await arrange('space-ev8');
      for (const id of ['e1', 'e2', 'e3']) await insert(storage.repos, 'space-ev8', id, userId);
      // Events of other tests' spaces a transaction held back may come too: only this space's are looked at.
      const ours = (claimed: ContentEventRecord[]) => claimed.filter((e) => e.spaceId === 'space-ev8');
      const claim = async (limit: number) => {
        await settled();
        return ours(await storage.transaction((repos) => repos.events.claimForConsumer('test-consumer', limit)));
      };
      expect((await claim(2)).map(summary)).toEqual(['master ContentType ct create v2', 'master Entry e1 create v1']);
      await storage
        .transaction(async (repos) => {
          expect(ours(await repos.events.claimForConsumer('test-consumer', 10)).map((e) => e.entityId)).toEqual([
            'e2',
            'e3',
          ]);
          throw new Error('the consumer failed');
        })
        .catch(() => {});
      expect((await claim(10)).map((e) => e.entityId)).toEqual(['e2', 'e3']);
      expect(await claim(10)).toEqual([]);
      // Another consumer has its own progress: it starts at the oldest event kept.
      await settled();
      const other = await storage.transaction((repos) => repos.events.claimForConsumer('other-consumer', 10_000));
      expect(other.filter((e) => e.spaceId === 'space-ev8').map((e) => e.entityId)).toEqual(['ct', 'e1', 'e2', 'e3']);
      // Dispatched and old, but not yet claimed by every consumer: kept by the purge.
      await drain();
      await insert(storage.repos, 'space-ev8', 'e4', userId);
      await drain();
      const later = new Date(Date.now() + 60_000);
      await storage.repos.events.purgeConsumed(later, 1000);
      expect((await events('space-ev8')).map((e) => e.entityId)).toEqual(['e4']);
      await claim(10);
      await storage.transaction((repos) => repos.events.claimForConsumer('other-consumer', 10_000));
      await storage.repos.events.purgeConsumed(later, 1000);
      expect(await events('space-ev8')).toEqual([]);
    });

    it("a consumer's poll tells whether a claim may find events, without claiming them", async () => {
      const { userId } = await arrange('space-ev11');
      expect(await storage.repos.events.hasForConsumer('polling-consumer')).toBe(true);
      await drainConsumer('polling-consumer');
      expect(await storage.repos.events.hasForConsumer('polling-consumer')).toBe(false);
      await insert(storage.repos, 'space-ev11', 'e1', userId);
      await settled();
      expect(await storage.repos.events.hasForConsumer('polling-consumer')).toBe(true);
      expect(await storage.repos.events.hasForConsumer('polling-consumer')).toBe(true);
      await drainConsumer('polling-consumer');
      expect(await storage.repos.events.hasForConsumer('polling-consumer')).toBe(false);
    });

    it.runIf(kind === 'postgres')(
      "a consumer never passes an event a running transaction may still commit, whatever the events' ids",
      async () => {
        const { userId } = await arrange('space-ev9');
        // Another space: entries of one environment wait for each other's transactions (its row is locked).
        const other = await arrange('space-ev10');
        await drainConsumer('test-consumer');
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let written!: () => void;
        const wroteFirst = new Promise<void>((resolve) => {
          written = resolve;
        });
        // The first transaction records its event (the lower id) and stays open while a second one commits.
        const slow = storage.transaction(async (repos) => {
          await insert(repos, 'space-ev9', 'slow', userId);
          written();
          await held;
        });
        await wroteFirst;
        await insert(storage.repos, 'space-ev10', 'fast', other.userId);
        const claim = () => storage.transaction((repos) => repos.events.claimForConsumer('test-consumer', 10));
        expect(await claim()).toEqual([]);
        release();
        await slow;
        await settled();
        expect((await claim()).map((e) => e.entityId)).toEqual(['slow', 'fast']);
      },
    );

    it.runIf(kind === 'postgres')('two concurrent claims never return the same event (SKIP LOCKED)', async () => {
      await drain();
      const { userId } = await arrange('space-ev7');
      for (let n = 0; n < 10; n += 1) await insert(storage.repos, 'space-ev7', `e${n}`, userId);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let claimedFirst!: () => void;
      const firstClaimed = new Promise<void>((resolve) => {
        claimedFirst = resolve;
      });
      const first = storage.transaction(async (repos) => {
        const claimed = await repos.webhookCalls.claimForDispatch(4, 0, SUBSCRIBING_FORMS);
        claimedFirst();
        await held;
        return claimed.events;
      });
      await firstClaimed;
      const second = (
        await storage.transaction((repos) => repos.webhookCalls.claimForDispatch(100, 0, SUBSCRIBING_FORMS))
      ).events;
      release();
      const a = (await first).map((e) => e.id);
      const b = second.map((e) => e.id);
      expect(a).toHaveLength(4);
      expect(b).toHaveLength(7);
      expect(new Set([...a, ...b]).size).toBe(11);
      expect(await storage.repos.events.hasUndispatched()).toBe(false);
    });
  });
}
