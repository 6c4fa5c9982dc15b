import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from '../../../contract-tests/support/databases.ts';
import { pgliteTemplate } from '../../../contract-tests/support/pglite-template.ts';
import type { Storage } from '../port/index.ts';
import { migrate, openPGlite, openPostgres, postgresStorage, type OpenDatabase } from './index.ts';
import { ReadCache } from './read-cache.ts';

/** Membership lists are cached per organization and key; every write that changes what they show makes them stale. */
for (const kind of DB_KINDS) {
  describe(`${kind}: cached membership lists`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let drop: (() => Promise<void>) | undefined;
    let loads = 0;

    beforeAll(async () => {
      const created = kind === 'postgres' ? await createTestDatabase() : undefined;
      drop = created?.drop;
      open = created ? await openPostgres(created.url) : await openPGlite(undefined, await pgliteTemplate());
      await migrate(open.db);
      storage = postgresStorage(open, { cache: new ReadCache() });
      const { identity } = storage.repos;
      for (const org of ['o1', 'o2']) await identity.insertOrganization({ id: org, name: org });
      for (const user of ['u1', 'u2', 'u3'])
        await identity.insertUser({ id: user, email: `${user}@example.test`, firstName: null, lastName: null });
      await identity.insertOrganizationMembership({ id: 'm1', organizationId: 'o1', userId: 'u1', role: 'owner' });
      await identity.insertOrganizationMembership({ id: 'm2', organizationId: 'o2', userId: 'u2', role: 'owner' });
    });
    afterAll(async () => {
      await storage.close();
      await drop?.();
    });

    /** Lists o1 through the cache: true when it had to be loaded (the cached answer was stale or missing). */
    const reloaded = async () => {
      const before = loads;
      await storage.repos.members.cachedMembershipList('o1', 'key', async () => {
        loads++;
        return storage.repos.members.pageMemberships('o1', {
          skip: 0,
          limit: 100,
          order: [{ key: 'lastName', direction: 'asc' }],
        });
      });
      return loads > before;
    };

    it('serves the second read from the cache, and reloads after each write that changes the list', async () => {
      const { members, identity } = storage.repos;
      expect(await reloaded()).toBe(true);
      expect(await reloaded()).toBe(false);

      await members.insertMembership({
        id: 'm2-elsewhere',
        organizationId: 'o2',
        userId: 'u3',
        role: 'member',
        createdBy: 'u2',
      });
      expect(await reloaded()).toBe(false); // another organization's membership
      await members.insertMembership({ id: 'm3', organizationId: 'o1', userId: 'u3', role: 'member', createdBy: 'u1' });
      expect(await reloaded()).toBe(true);
      await members.activate('m3');
      expect(await reloaded()).toBe(true);
      await members.updateRole('o1', 'm3', 'admin', 1, 'u1');
      expect(await reloaded()).toBe(true);
      // Any user's rename makes every list stale (u2 is no member of o1: renames are not traced to organizations).
      await members.renameUser('u2', 'Two', 'Renamed');
      expect(await reloaded()).toBe(true);
      await members.deleteMembership('o1', 'm3');
      expect(await reloaded()).toBe(true);
      await identity.insertOrganizationMembership({ id: 'm4', organizationId: 'o1', userId: 'u2', role: 'member' });
      expect(await reloaded()).toBe(true);
      expect(await reloaded()).toBe(false);
    });

    it('inside a transaction reads go to the database, and its writes make the lists stale at commit', async () => {
      expect(await reloaded()).toBe(false);
      await storage.transaction(async (repos) => {
        let loaded = false;
        await repos.members.cachedMembershipList('o1', 'key', async () => {
          loaded = true;
          return {};
        });
        expect(loaded).toBe(true);
        await repos.members.renameUser('u1', 'One', 'Renamed');
        expect(await reloaded()).toBe(false); // not committed yet
      });
      expect(await reloaded()).toBe(true);
    });
  });
}
