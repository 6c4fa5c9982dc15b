import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { ContentEventRecord, NewEntry, Storage } from '../port/index.ts';
import { insertEntries, type EntryInsert } from './entry-insert-batch.ts';
import { linkColumns } from './entry-links.ts';
import { publishEntries } from './entry-publish.ts';
import type { OpenDatabase } from './index.ts';

const FIELDS = [{ id: 'title', type: 'Symbol' }];
const SPACE = 'space-path';
/** `target` is the environment the alias `master` targets; `master` is the alias id a request may name. */
const TARGET = 'target';
const line = (e: ContentEventRecord) => `${e.entityId} ${e.action} ${e.environmentId} via ${e.requestedEnvironmentId}`;

// Each event records the environment id its request named (migration 0029): transactions describe it, statements
// made outside transactions (batched or alone) set it themselves, and one batched statement never mixes two.
for (const kind of DB_KINDS) {
  describe(`${kind}: the requested environment of content events`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    let userId: string;
    let since: () => Promise<ContentEventRecord[]>;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
      ({ userId } = await insertSpace(storage, SPACE, [TARGET]));
      await sql`insert into content_types (space_id, environment_id, id, name, fields, published, version, published_version, published_counter)
        values (${SPACE}, ${TARGET}, 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ name: 'CT', fields: FIELDS })}::jsonb, 2, 1, 1)`.execute(
        open.db,
      );
    });
    afterAll(async () => {
      await close?.();
    });
    /** The events after the ones already there. */
    async function mark() {
      const after = (await storage.repos.events.listForSpace(SPACE)).at(-1)?.id;
      since = () => storage.repos.events.listForSpace(SPACE, { afterId: after });
    }

    const entry = (id: string, requestedEnvironmentId?: string): NewEntry => ({
      spaceId: SPACE,
      environmentId: TARGET,
      id,
      contentTypeId: 'ct',
      fields: { title: { 'en-US': id } },
      tags: [],
      createdBy: userId,
      ...(requestedEnvironmentId === undefined ? {} : { change: { requestedEnvironmentId } }),
    });
    const storedPaths = async (ids: string[]) =>
      (
        await sql<{ entity_id: string; requested_environment_id: string | null }>`
      select entity_id, requested_environment_id from content_events where space_id = ${SPACE} and entity_id = any(${ids}::text[])
      order by id`.execute(open.db)
      ).rows.map((r) => `${r.entity_id} ${r.requested_environment_id}`);

    it('concurrent creates of two paths go in one statement per path, each recording its own', async () => {
      await mark();
      const before = open.statements();
      const created = await Promise.all([
        storage.repos.entries.insert(entry('a1', 'master')),
        storage.repos.entries.insert(entry('d1')),
        storage.repos.entries.insert(entry('a2', 'master')),
        storage.repos.entries.insert(entry('d2')),
        storage.repos.entries.insert(entry('a3', 'master')),
      ]);
      expect(created.map((e) => e?.id)).toEqual(['a1', 'd1', 'a2', 'd2', 'a3']);
      expect(open.statements() - before).toBe(2);
      expect((await since()).map(line).sort()).toEqual([
        'a1 create target via master',
        'a2 create target via master',
        'a3 create target via master',
        'd1 create target via target',
        'd2 create target via target',
      ]);
      // The common path stores nothing: null is the environment's own id.
      expect(await storedPaths(['a1', 'd1'])).toEqual(['a1 master', 'd1 null']);
      // The setting was the statement's own: a write after it records the environment's id again.
      await storage.repos.entries.insert(entry('d3'));
      expect((await since()).at(-1)).toMatchObject({ entityId: 'd3', requestedEnvironmentId: TARGET });
    });

    it('a single create and an at-once publish, alone or batched, record the path', async () => {
      await mark();
      await storage.repos.entries.insert(entry('s1', 'master'));
      const publish = (id: string, requestedEnvironmentId?: string) =>
        storage.repos.entries.publishValidated({
          spaceId: SPACE,
          environmentId: TARGET,
          id,
          contentTypeId: 'ct',
          expectedVersion: 1,
          activationVersion: 1,
          userId,
          links: {},
          ...(requestedEnvironmentId === undefined ? {} : { change: { requestedEnvironmentId } }),
        });
      expect((await publish('s1', 'master'))?.publishedVersion).toBe(1);
      const before = open.statements();
      const published = await Promise.all([
        publish('a1', 'master'),
        publish('d1'),
        publish('a2', 'master'),
        publish('d2'),
      ]);
      expect(published.every((e) => e?.publishedVersion === 1)).toBe(true);
      expect(open.statements() - before).toBe(2);
      expect((await since()).map(line).sort()).toEqual([
        'a1 publish target via master',
        'a2 publish target via master',
        'd1 publish target via target',
        'd2 publish target via target',
        's1 create target via master',
        's1 publish target via master',
      ]);
    });

    it('the batch functions refuse items of two paths; given one, their statement records it', async () => {
      await mark();
      const insert = (id: string, requestedEnvironmentId?: string): EntryInsert => ({
        spaceId: SPACE,
        environmentId: TARGET,
        id,
        contentTypeId: 'ct',
        fields: JSON.stringify({ title: { 'en-US': id } }),
        tags: [],
        createdBy: userId,
        ...linkColumns(null),
        ...(requestedEnvironmentId === undefined ? {} : { requestedEnvironmentId }),
      });
      await expect(insertEntries(open.db, [insert('m1', 'master'), insert('m2')])).rejects.toThrow(
        /mixes requested environments/,
      );
      expect(await since()).toEqual([]);
      await insertEntries(open.db, [insert('b1', 'staging-alias'), insert('b2', 'staging-alias')]);
      await publishEntries(
        open.db,
        ['b1', 'b2'].map((id) => ({
          spaceId: SPACE,
          environmentId: TARGET,
          id,
          contentTypeId: 'ct',
          expectedVersion: 1,
          activationVersion: 1,
          userId,
          links: {},
          requestedEnvironmentId: 'staging-alias',
        })),
      );
      expect((await since()).map(line)).toEqual(
        ['b1', 'b2']
          .map((id) => `${id} create target via staging-alias`)
          .concat(['b1', 'b2'].map((id) => `${id} publish target via staging-alias`)),
      );
    });

    it('a transaction records the path it describes for each write, deletes included; SQL by hand records the environment', async () => {
      await mark();
      await storage.repos.entries.insert(entry('t1'));
      await storage.transaction(async (repos) => {
        await repos.events.describeTransaction({ requestedEnvironmentId: 'master', action: 'auto_save' });
        await repos.entries.update(SPACE, TARGET, 't1', { fields: { title: { 'en-US': 'two' } }, tags: [] }, 1, userId);
        await repos.entries.archive(SPACE, TARGET, 't1', 2, userId);
      });
      await storage.transaction(async (repos) => {
        await repos.events.describeTransaction({ requestedEnvironmentId: 'master', actorId: userId });
        await repos.entries.unarchive(SPACE, TARGET, 't1', 3, userId);
        expect(await repos.entries.delete(SPACE, TARGET, 't1')).toBe(true);
      });
      await sql`insert into entries (space_id, environment_id, id, content_type_id) values (${SPACE}, ${TARGET}, 'by-hand', 'ct')`.execute(
        open.db,
      );
      // A transaction that names the environment's own id stores nothing, as the common path does.
      await storage.transaction(async (repos) => {
        await repos.events.describeTransaction({ requestedEnvironmentId: TARGET });
        await repos.entries.update(SPACE, TARGET, 'by-hand', { fields: {}, tags: [] }, 1, userId);
      });
      expect((await since()).map(line)).toEqual([
        't1 create target via target',
        't1 auto_save target via master',
        't1 archive target via master',
        't1 unarchive target via master',
        't1 delete target via master',
        'by-hand create target via target',
        'by-hand save target via target',
      ]);
      expect(await storedPaths(['by-hand'])).toEqual(['by-hand null', 'by-hand null']);
    });

    it('a transaction given a content change records it for its writes: the path, auto_save and the actor of a delete', async () => {
      await mark();
      await storage.repos.entries.insert(entry('c1'));
      await storage.transaction(
        (repos) =>
          repos.entries.update(SPACE, TARGET, 'c1', { fields: { title: { 'en-US': 'two' } }, tags: [] }, 1, userId),
        { change: { requestedEnvironmentId: 'master', autoSave: true } },
      );
      await storage.transaction((repos) => repos.entries.delete(SPACE, TARGET, 'c1'), {
        change: { requestedEnvironmentId: 'master', actorId: userId },
      });
      const events = await since();
      expect(events.map(line)).toEqual([
        'c1 create target via target',
        'c1 auto_save target via master',
        'c1 delete target via master',
      ]);
      expect(events.at(-1)?.actorId).toBe(userId);
    });
  });
}
