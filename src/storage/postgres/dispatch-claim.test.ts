import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { DispatchedEvent, EntryRecord, Storage, TransactionDescription } from '../port/index.ts';
import { claimForDispatch } from './dispatch-claim.ts';
import type { OpenDatabase } from './index.ts';
import { SUBSCRIBING_FORMS } from '../../domain/webhooks/definitions/topic-match.ts';

const FIELDS = [{ id: 'title', type: 'Symbol' }];
const SPACE = 'space-claim';
const WINDOW = 5000;

/** An event as the claim answers it: what, and the draft title it carries (`-`: claimed without its entity, no call). */
const line = (e: DispatchedEvent) =>
  `${e.entityId} ${e.action} via ${e.requestedEnvironmentId}: ${e.entity ? (e.entity as EntryRecord).fields.title?.['en-US'] : '-'}`;

// The dispatch claim (dispatch-claim.ts): auto_saves wait for their window and are coalesced per entity and path;
// nothing else waits for them. Events are backdated by SQL rather than waited for.
for (const kind of DB_KINDS) {
  describe(`${kind}: the dispatch claim of auto_save events`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    let userId: string;
    const versions = new Map<string, number>();
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
      ({ userId } = await insertSpace(storage, SPACE));
      await sql`insert into content_types (space_id, environment_id, id, name, fields, published, version, published_version, published_counter)
        values (${SPACE}, 'master', 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ name: 'CT', fields: FIELDS })}::jsonb, 2, 1, 1)`.execute(
        open.db,
      );
      await storage.repos.webhooks.insert({
        spaceId: SPACE,
        id: 'hook',
        name: 'hook',
        url: 'https://example.com',
        topics: ['*.*'],
        filters: [],
        headers: [],
        httpBasicUsername: null,
        httpBasicPassword: null,
        active: true,
        transformation: null,
        createdBy: userId,
      });
      // Made before every event below, backdated ones included.
      await sql`update webhook_definitions set created_at = now() - interval '1 hour' where space_id = ${SPACE}`.execute(
        open.db,
      );
      for (const id of ['e1', 'e2']) {
        await storage.repos.entries.insert({
          spaceId: SPACE,
          environmentId: 'master',
          id,
          contentTypeId: 'ct',
          fields: {},
          tags: [],
          createdBy: userId,
        });
        versions.set(id, 1);
      }
    });
    afterAll(async () => {
      await close?.();
    });

    const claim = (windowMs = WINDOW, limit = 100) =>
      storage.transaction((repos) => repos.webhookCalls.claimForDispatch(limit, windowMs, SUBSCRIBING_FORMS));
    const waiting = (windowMs = WINDOW) => storage.repos.events.hasUndispatched(windowMs);
    /** Saves a new draft title of an entry in a transaction described as given; answers the event's id. */
    async function save(
      id: string,
      title: string,
      description: TransactionDescription = { action: 'auto_save' },
    ): Promise<string> {
      await storage.transaction(async (repos) => {
        await repos.events.describeTransaction(description);
        const version = versions.get(id)!;
        expect(
          await repos.entries.update(
            SPACE,
            'master',
            id,
            { fields: { title: { 'en-US': title } }, tags: [] },
            version,
            userId,
          ),
        ).toBeDefined();
        versions.set(id, version + 1);
      });
      const { rows } = await sql<{
        id: string;
      }>`select max(id)::text as id from content_events where space_id = ${SPACE}`.execute(open.db);
      return rows[0]!.id;
    }
    const backdate = (eventId: string, ms = WINDOW * 2) =>
      sql`update content_events set occurred_at = occurred_at - ${ms}::int * interval '1 millisecond' where id = ${eventId}::bigint`.execute(
        open.db,
      );

    it('an auto_save waits for its window: not claimed, not polled for, and no event behind it waits', async () => {
      while ((await claim(0)).events.length > 0);
      expect(await waiting(0)).toBe(false);
      await save('e1', 'typing');
      expect(await waiting()).toBe(false);
      expect(await waiting(0)).toBe(true);
      expect((await claim()).events).toEqual([]);
      await save('e2', 'saved', {});
      expect(await waiting()).toBe(true);
      expect((await claim()).events.map(line)).toEqual(['e2 save via master: saved']);
      expect(await waiting()).toBe(false);
      expect(await waiting(0)).toBe(true);
    });

    it('once the oldest is due, the newest auto_save of an entity and path is delivered and the others are marked without calls', async () => {
      const first = (
        await sql<{ id: string }>`select id::text from content_events where dispatched_at is null`.execute(open.db)
      ).rows;
      expect(first).toHaveLength(1);
      await save('e1', 'typing more');
      await save('e1', 'typing more still');
      // Another entity's and another path's auto_saves of the same moment are theirs: they wait on.
      await save('e2', 'other entity');
      await save('e1', 'through the alias', { action: 'auto_save', requestedEnvironmentId: 'alias' });
      expect((await claim()).events).toEqual([]);
      await backdate(first[0]!.id);
      expect(await waiting()).toBe(true);
      expect((await claim()).events.map(line)).toEqual([
        'e1 auto_save via master: -',
        'e1 auto_save via master: -',
        'e1 auto_save via master: typing more still',
      ]);
      expect(await waiting()).toBe(false);
      expect(
        (
          await sql<{ n: number }>`select count(*)::int as n from content_events where dispatched_at is null`.execute(
            open.db,
          )
        ).rows[0]!.n,
      ).toBe(2);
      // With no window (tests), each is claimed at once, still one per entity and path in a batch.
      await save('e2', 'other entity again');
      expect((await claim(0)).events.map(line)).toEqual([
        'e2 auto_save via master: -',
        'e1 auto_save via alias: through the alias',
        'e2 auto_save via master: other entity again',
      ]);
      expect(await waiting(0)).toBe(false);
    });

    it("a claim cut by its limit takes the rest of the entity's waiting auto_saves with it", async () => {
      const a = await save('e1', 'one');
      await save('e2', 'plain save', {});
      await save('e1', 'two');
      await save('e1', 'three');
      await backdate(a);
      // The limit reaches only the first auto_save; the later ones of the entity come with it, coalesced.
      expect((await claim(WINDOW, 1)).events.map(line)).toEqual([
        'e1 auto_save via master: -',
        'e1 auto_save via master: -',
        'e1 auto_save via master: three',
      ]);
      expect((await claim()).events.map(line)).toEqual(['e2 save via master: plain save']);
      expect(await waiting(0)).toBe(false);
    });

    it.runIf(kind === 'postgres')(
      'is planned at each claim, never kept as a prepared statement of the connection',
      async () => {
        // A plan cached while the queue was small marked the claimed events by scanning the whole table ever after.
        const prepared = await open.db.connection().execute(async (connection) => {
          for (let i = 0; i < 3; i += 1) await claimForDispatch(connection, 100, 0, SUBSCRIBING_FORMS);
          return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection))
            .rows;
        });
        expect(prepared.filter((p) => p.statement.includes('with claimed as'))).toEqual([]);
      },
    );
  });
}
