import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../contract-tests/support/databases.ts';
import { migrate, openPostgres } from '../storage/postgres/index.ts';
import { createRateLimiter } from './limiter.ts';

// The shared buckets' table is the migrations' (0017): the limiter creates nothing at start, so server processes
// starting at once on a new database cannot race to create it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres: rate-limit buckets', () => {
  it('live in the table the migrations made, and starting limiters runs no DDL', async () => {
    const created = await createTestDatabase();
    const open = await openPostgres(created.url);
    try {
      await migrate(open.db);
      const ddl: string[] = [];
      open.pool!.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
          const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
          if (/^\s*create\b/i.test(text)) ddl.push(text);
          return query(...args);
        };
      });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
        open.db,
      );
      const limiters = await Promise.all([1, 2, 3].map(() => createRateLimiter({ perSecond: 2, pool: open.pool })));
      expect(ddl).toEqual([]);
      expect((await limiters[0]!.consume('k')).allowed).toBe(true);
      expect((await limiters[1]!.consume('k')).remaining).toBe(0);
      expect((await limiters[2]!.consume('k')).allowed).toBe(false);
      const rows = await sql<{ key: string; points: number }>`select key, points from tessera_rate_limits`.execute(
        open.db,
      );
      expect(rows.rows).toEqual([{ key: 'tessera:k', points: 3 }]);
    } finally {
      await open.close();
      await created.drop();
    }
  });
});
