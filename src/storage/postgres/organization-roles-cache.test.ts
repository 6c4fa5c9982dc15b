import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from '../../../contract-tests/support/databases.ts';
import { pgliteTemplate } from '../../../contract-tests/support/pglite-template.ts';
import type { Storage } from '../port/index.ts';
import { migrate, openPGlite, openPostgres, postgresStorage } from './index.ts';
import { ReadCache } from './read-cache.ts';

// The organization roles the authorizer reads for every organization operation come from the read cache, and every
// write of the user's memberships (role, activation, removal) makes them stale at once.
for (const kind of DB_KINDS) {
  describe(`${kind}: organization roles in the read cache`, () => {
    let storage: Storage;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const created = kind === 'postgres' ? await createTestDatabase() : undefined;
      drop = created?.drop;
      const open = created ? await openPostgres(created.url) : await openPGlite(undefined, await pgliteTemplate());
      await migrate(open.db);
      storage = postgresStorage(open, { cache: new ReadCache() });
    });
    afterAll(async () => {
      await storage.close();
      await drop?.();
    });

    it('answers a warm read from the cache and a read after a membership write afresh', async () => {
      const { members, identity, memberRoles } = storage.repos;
      await identity.insertOrganization({ id: 'org-r', name: 'Org' });
      await identity.insertUser({ id: 'user-r', email: 'r@example.test', firstName: null, lastName: null });
      await identity.insertOrganizationMembership({
        id: 'm-r',
        organizationId: 'org-r',
        userId: 'user-r',
        role: 'owner',
      });

      const first = await memberRoles.organizationRolesOf('user-r');
      expect(first).toEqual([{ organizationId: 'org-r', role: 'owner' }]);
      expect(await memberRoles.organizationRolesOf('user-r')).toBe(first);

      const { version } = (await members.findMembership('org-r', 'm-r'))!;
      await members.updateRole('org-r', 'm-r', 'admin', version, 'user-r');
      expect(await memberRoles.organizationRolesOf('user-r')).toEqual([{ organizationId: 'org-r', role: 'admin' }]);

      await members.deleteMembership('org-r', 'm-r');
      expect(await memberRoles.organizationRolesOf('user-r')).toEqual([]);
    });
  });
}
