import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { AppEventKey } from '../port/index.ts';

const HOUR = 3_600_000;

for (const kind of DB_KINDS) {
  describe(`${kind}: the apps a batch of events goes to`, () => {
    let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
    beforeAll(async () => void (db = await openMigratedDatabase(kind)));
    afterAll(() => db?.close());

    /** An app of the space's organization, subscribed to `topics` (unless null) and installed in `environments`. */
    async function app(spaceId: string, id: string, topics: string[] | null, environments: string[]) {
      const { apps } = db.storage.repos;
      await apps.insertDefinition({
        id,
        organizationId: `org-${spaceId}`,
        actorId: 'u',
        name: id,
        src: null,
        locations: null,
        parameters: null,
      });
      if (topics) await apps.upsertEventSubscription(id, { targetUrl: `https://example.com/${id}`, topics }, 'u');
      for (const environmentId of environments)
        await apps.upsertInstallation({ spaceId, environmentId, appDefinitionId: id, parameters: null }, 'u');
    }

    async function locales(spaceId: string, environmentId: string, codes: string[]) {
      for (const code of codes)
        await sql`insert into locales (space_id, environment_id, id, code, name)
          values (${spaceId}, ${environmentId}, ${code}, ${code}, ${code})`.execute(db.open.db);
    }

    it('answers, per event, the apps installed in its environment whose subscription names its topic, made before it', async () => {
      await insertSpace(db.storage, 'space-apps', ['master', 'staging']);
      await insertSpace(db.storage, 'space-other');
      await locales('space-apps', 'master', ['en-US', 'de-DE']);
      await locales('space-apps', 'staging', ['en-US']);
      await app('space-apps', 'app-a', ['Entry.publish', 'Entry.delete'], ['master']);
      await app('space-apps', 'app-b', ['Entry.publish'], ['master', 'staging']);
      await app('space-apps', 'app-unsubscribed', null, ['master']);
      await app('space-apps', 'app-not-installed', ['Entry.publish'], []);
      const now = new Date(Date.now() + 1000);
      const key = (
        eventId: string,
        topic: string,
        environmentId = 'master',
        occurredAt = now,
        spaceId = 'space-apps',
      ) => ({ eventId, spaceId, environmentId, topic, occurredAt }) satisfies AppEventKey;
      const found = await db.storage.repos.apps.findEventSubscribers([
        key('1', 'Entry.publish'),
        key('2', 'Entry.publish', 'staging'),
        key('3', 'Entry.save'),
        key('4', 'Entry.delete'),
        // Before the apps were installed and subscribed: a backlog is not theirs.
        key('5', 'Entry.publish', 'master', new Date(Date.now() - HOUR)),
        key('6', 'Entry.publish', 'master', now, 'space-other'),
        key('7', 'Asset.publish'),
      ]);
      expect(found.matches).toEqual([
        { eventId: '1', appDefinitionId: 'app-a' },
        { eventId: '1', appDefinitionId: 'app-b' },
        { eventId: '2', appDefinitionId: 'app-b' },
        { eventId: '4', appDefinitionId: 'app-a' },
      ]);
      expect(Object.fromEntries(found.localeCodes)).toEqual({
        'space-apps/master': ['en-US', 'de-DE'],
        'space-apps/staging': ['en-US'],
      });
      expect(await db.storage.repos.apps.findEventSubscribers([])).toEqual({ matches: [], localeCodes: new Map() });

      // Where a call goes when it is sent: only while installed there and subscribed.
      const { apps } = db.storage.repos;
      expect(await apps.findEventTarget('space-apps', 'master', 'app-a')).toEqual({
        targetUrl: 'https://example.com/app-a',
        topics: ['Entry.publish', 'Entry.delete'],
      });
      expect(await apps.findEventTarget('space-apps', 'staging', 'app-a')).toBeUndefined();
      expect(await apps.findEventTarget('space-apps', 'master', 'app-unsubscribed')).toBeUndefined();
      await apps.deleteInstallation('space-apps', 'master', 'app-b');
      await apps.deleteEventSubscription('app-a');
      const after = await apps.findEventSubscribers([key('8', 'Entry.publish'), key('9', 'Entry.publish', 'staging')]);
      expect(after.matches).toEqual([{ eventId: '9', appDefinitionId: 'app-b' }]);
      expect(await apps.findEventTarget('space-apps', 'master', 'app-a')).toBeUndefined();
    });
  });
}
