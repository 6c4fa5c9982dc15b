import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { Storage } from '../port/index.ts';
import { lockDataDir, migrate, openPGlite, postgresStorage, type OpenDatabase } from './index.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: storage adapter`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
      await migrate(open.db); // a second start finds nothing to do
    });
    afterAll(async () => {
      await close?.();
    });

    async function arrangeUserAndOrg(suffix: string) {
      const org = await storage.repos.identity.insertOrganization({ id: `org-${suffix}`, name: `Org ${suffix}` });
      const user = await storage.repos.identity.insertUser({
        id: `user-${suffix}`,
        email: `${suffix}@example.test`,
        firstName: null,
        lastName: null,
      });
      return { org, user };
    }

    it('parses counts as numbers and timestamps as ISO-8601 UTC strings on both drivers', async () => {
      const row = await sql<{
        n: number;
        big: number;
        at: string;
      }>`select count(*) as n, 9007199254740::int8 as big, timestamptz '2026-01-02 03:04:05.678+02' as at`.execute(
        open.db,
      );
      expect(row.rows[0]).toEqual({ n: 1, big: 9007199254740, at: '2026-01-02T01:04:05.678Z' });
    });

    it('stores and finds users, organizations, memberships and hashed tokens', async () => {
      const { org, user } = await arrangeUserAndOrg('a');
      expect(org.createdAt).toMatch(/Z$/);
      await storage.repos.identity.insertOrganizationMembership({
        id: 'm-a',
        organizationId: org.id,
        userId: user.id,
        role: 'owner',
      });
      await storage.repos.identity.insertToken({
        id: 't-a',
        userId: user.id,
        name: 'n',
        scopes: ['content_management_read'],
        tokenHash: 'hash-a',
        expiresAt: null,
      });
      const owner = await storage.repos.identity.findTokenOwner('hash-a');
      expect(owner?.user.id).toBe(user.id);
      expect(owner?.token.scopes).toEqual(['content_management_read']);
      expect(await storage.repos.identity.findTokenOwner('other')).toBeUndefined();
      expect(await storage.repos.memberRoles.organizationRolesOf(user.id)).toEqual([
        { organizationId: org.id, role: 'owner' },
      ]);
      const revoked = await storage.repos.identity.revokeToken(user.id, 't-a');
      const again = await storage.repos.identity.revokeToken(user.id, 't-a');
      expect(again?.revokedAt).toBe(revoked?.revokedAt);
    });

    it('gives space access through an organization admin role or a space membership, and nobody else', async () => {
      const { org, user: owner } = await arrangeUserAndOrg('b');
      await storage.repos.identity.insertOrganizationMembership({
        id: 'm-b',
        organizationId: org.id,
        userId: owner.id,
        role: 'admin',
      });
      const member = await storage.repos.identity.insertUser({
        id: 'user-b2',
        email: 'b2@example.test',
        firstName: null,
        lastName: null,
      });
      const stranger = await storage.repos.identity.insertUser({
        id: 'user-b3',
        email: 'b3@example.test',
        firstName: null,
        lastName: null,
      });
      const space = await storage.repos.spaces.insert({
        id: 'space-b',
        organizationId: org.id,
        name: 'S',
        createdBy: owner.id,
      });
      await storage.repos.spaces.insertMembership({
        id: 'sm-b',
        spaceId: space.id,
        userId: member.id,
        admin: false,
        createdBy: owner.id,
      });
      expect((await storage.repos.spaces.findAccessible(owner.id, space.id))?.admin).toBe(true);
      expect((await storage.repos.spaces.findAccessible(member.id, space.id))?.admin).toBe(false);
      expect(await storage.repos.spaces.findAccessible(stranger.id, space.id)).toBeUndefined();
      const page = await storage.repos.spaces.listAccessible(member.id, { skip: 0, limit: 10, order: [] });
      expect(page).toMatchObject({ total: 1, items: [{ id: space.id }] });
    });

    it('applies a version check atomically: a stale version writes nothing', async () => {
      const { org, user } = await arrangeUserAndOrg('c');
      const space = await storage.repos.spaces.insert({
        id: 'space-c',
        organizationId: org.id,
        name: 'S',
        createdBy: user.id,
      });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => storage.repos.spaces.rename(space.id, `n${i}`, 1, user.id)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await storage.repos.spaces.find(space.id))?.version).toBe(2);
      expect(await storage.repos.spaces.rename(space.id, 'x', 1, user.id)).toBeUndefined();
    });

    it('rolls a transaction back whole when it fails', async () => {
      const { org, user } = await arrangeUserAndOrg('d');
      await expect(
        storage.transaction(async (repos) => {
          await repos.spaces.insert({ id: 'space-d', organizationId: org.id, name: 'S', createdBy: user.id });
          await repos.spaces.insert({ id: 'space-d', organizationId: org.id, name: 'duplicate', createdBy: user.id });
        }),
      ).rejects.toThrow();
      expect(await storage.repos.spaces.find('space-d')).toBeUndefined();
    });

    it.skipIf(kind !== 'postgres')(
      'runs a transaction again when PostgreSQL rolled it back for a deadlock',
      async () => {
        const { org, user } = await arrangeUserAndOrg('dl');
        for (const id of ['space-dl-1', 'space-dl-2'])
          await storage.repos.spaces.insert({ id, organizationId: org.id, name: id, createdBy: user.id });
        // Two transactions lock the same two rows in opposite order; PostgreSQL aborts one, which runs again and waits.
        let bothHoldTheirFirst!: () => void;
        const met = new Promise<void>((resolve) => {
          bothHoldTheirFirst = resolve;
        });
        let holding = 0;
        const attempts: string[] = [];
        const lockBoth = (first: string, second: string) =>
          storage.transaction(async (repos) => {
            attempts.push(first);
            await repos.environments.lockSpace(first);
            if (++holding === 2) bothHoldTheirFirst();
            await met;
            await repos.environments.lockSpace(second);
            return first;
          });
        expect(await Promise.all([lockBoth('space-dl-1', 'space-dl-2'), lockBoth('space-dl-2', 'space-dl-1')])).toEqual(
          ['space-dl-1', 'space-dl-2'],
        );
        expect(attempts).toHaveLength(3);
      },
    );

    it('deleting a space removes everything in it', async () => {
      const { org, user } = await arrangeUserAndOrg('e');
      await storage.repos.spaces.insert({ id: 'space-e', organizationId: org.id, name: 'S', createdBy: user.id });
      await storage.repos.environments.insert({
        spaceId: 'space-e',
        id: 'master',
        name: 'master',
        status: 'ready',
        sourceEnvironmentId: null,
        createdBy: user.id,
      });
      await storage.repos.locales.insert({
        spaceId: 'space-e',
        environmentId: 'master',
        id: 'l1',
        code: 'en-US',
        name: 'English',
        fallbackCode: null,
        default: true,
        contentManagementApi: true,
        contentDeliveryApi: true,
        optional: false,
        createdBy: user.id,
      });
      expect(await storage.repos.spaces.delete('space-e')).toBe(true);
      const left = await sql<{
        n: number;
      }>`select (select count(*) from environments where space_id = 'space-e') + (select count(*) from locales where space_id = 'space-e') as n`.execute(
        open.db,
      );
      expect(left.rows[0].n).toBe(0);
    });

    it('keeps one default locale per environment', async () => {
      const { org, user } = await arrangeUserAndOrg('f');
      await storage.repos.spaces.insert({ id: 'space-f', organizationId: org.id, name: 'S', createdBy: user.id });
      await storage.repos.environments.insert({
        spaceId: 'space-f',
        id: 'master',
        name: 'master',
        status: 'ready',
        sourceEnvironmentId: null,
        createdBy: user.id,
      });
      const locale = (id: string, code: string) =>
        storage.repos.locales.insert({
          spaceId: 'space-f',
          environmentId: 'master',
          id,
          code,
          name: code,
          fallbackCode: null,
          default: true,
          contentManagementApi: true,
          contentDeliveryApi: true,
          optional: false,
          createdBy: user.id,
        });
      await locale('l1', 'en-US');
      await expect(locale('l2', 'de-DE')).rejects.toThrow();
    });
  });
}

describe('PGlite data directory', () => {
  it('persists across reopen and is locked against a second opener', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another Tessera process/);
    const first = await openPGlite(`${dir}/pglite`);
    await migrate(first.db);
    await postgresStorage(first).repos.identity.insertOrganization({ id: 'kept', name: 'Kept' });
    await first.close();
    await release();

    const releaseAgain = await lockDataDir(dir);
    const second = await openPGlite(`${dir}/pglite`);
    await migrate(second.db);
    const row = await second.db.selectFrom('organizations').select('name').where('id', '=', 'kept').executeTakeFirst();
    expect(row?.name).toBe('Kept');
    await second.close();
    await releaseAgain();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
