import pg from 'pg';
import type { Storage } from '../../src/storage/port/index.ts';
import { pgliteTemplate } from './pglite-template.ts';

/** The database kinds a suite runs on: always PGlite; PostgreSQL too when TEST_DATABASE_URL is set. */
export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = !process.env.TEST_DATABASE_URL
  ? ['pglite']
  : // CI's second run sets TESSERA_TEST_DATABASES=postgres: the PGlite variants already ran in the first.
    process.env.TESSERA_TEST_DATABASES === 'postgres'
    ? ['postgres']
    : ['pglite', 'postgres'];

/** Creates an empty database on the TEST_DATABASE_URL server; the returned function drops it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tessera_test_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A migrated database of the given kind with its storage adapter, for suites below the HTTP layer. */
export async function openMigratedDatabase(kind: DbKind) {
  const { migrate, openPGlite, openPostgres, postgresStorage } = await import('../../src/storage/postgres/index.ts');
  const created = kind === 'postgres' ? await createTestDatabase() : undefined;
  const open = created ? await openPostgres(created.url) : await openPGlite(undefined, await pgliteTemplate());
  await migrate(open.db);
  const storage = postgresStorage(open);
  return {
    open,
    storage,
    async close() {
      await storage.close();
      await created?.drop();
    },
  };
}

/** An organization, its user and a space `spaceId` with the given environments, written through the repositories. */
export async function insertSpace(
  storage: Storage,
  spaceId: string,
  environments: string[] = ['master'],
): Promise<{ userId: string }> {
  const org = await storage.repos.identity.insertOrganization({ id: `org-${spaceId}`, name: 'Org' });
  const user = await storage.repos.identity.insertUser({
    id: `user-${spaceId}`,
    email: `${spaceId}@example.test`,
    firstName: null,
    lastName: null,
  });
  await storage.repos.spaces.insert({ id: spaceId, organizationId: org.id, name: 'S', createdBy: user.id });
  for (const id of environments) {
    await storage.repos.environments.insert({
      spaceId,
      id,
      name: id,
      status: 'ready',
      sourceEnvironmentId: null,
      createdBy: user.id,
    });
  }
  return { userId: user.id };
}
