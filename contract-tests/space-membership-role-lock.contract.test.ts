import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, openMigratedDatabase } from './support/databases.ts';

/**
 * A space membership write locks the roles it links FOR SHARE until it commits, so a role delete (which locks the role
 * FOR UPDATE) waits and then sees the new membership: it is refused, and no membership links a deleted role.
 * PostgreSQL only: PGlite runs one transaction at a time, so the race cannot happen there.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('postgres: a role delete racing a space membership write', () => {
  let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
  beforeAll(async () => {
    db = await openMigratedDatabase('postgres');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  /** Polls (from another connection) until some session of this database waits for a lock. */
  async function untilSomeoneWaits() {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0`.execute(db.open.db);
      if (rows[0]!.n > 0) return;
      if (Date.now() > deadline) throw new Error('the role delete never waited for the membership write');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('waits for the membership write and then refuses to leave it without a role', async () => {
    const { storage } = db;
    const { userId } = await insertSpace(storage, 'race-space');
    await storage.repos.roles.insert({
      spaceId: 'race-space',
      id: 'race-role',
      name: 'Only role',
      description: null,
      permissions: {},
      policies: [],
      createdBy: userId,
    });
    let deleting: Promise<unknown> | undefined;
    await storage.transaction(async (repos) => {
      expect(await repos.members.lockRolesForShare('race-space', ['race-role', 'unknown'])).toEqual(['race-role']);
      deleting = storage.transaction((other) => other.roles.delete('race-space', 'race-role', undefined, userId));
      await untilSomeoneWaits();
      const inserted = await repos.members.insertSpaceMembership({
        id: 'race-membership',
        spaceId: 'race-space',
        userId,
        admin: false,
        roleIds: ['race-role'],
        createdBy: userId,
      });
      expect(inserted).toMatchObject({ id: 'race-membership' });
    });
    expect(await deleting).toBe('inUse');
    expect(await storage.repos.roles.find('race-space', 'race-role')).toBeDefined();
    expect((await storage.repos.members.findSpaceMembership('race-space', 'race-membership'))?.roles).toEqual([
      { sys: { type: 'Link', linkType: 'Role', id: 'race-role' } },
    ]);
  });
});
