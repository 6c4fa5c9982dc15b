import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import { compiledOnce } from './compiled-once.ts';
import type { OpenDatabase } from './index.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: statements compiled once`, () => {
    let open: OpenDatabase;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, close } = await openMigratedDatabase(kind));
    });
    afterAll(async () => {
      await close?.();
    });

    it('builds and compiles a statement on its first run only, and binds each run its own values (constants kept)', async () => {
      let builds = 0;
      const run = compiledOnce((v: { name: string; n: number | null; list: string[] }) => {
        builds += 1;
        return sql`select ${v.name}::text as name, ${v.n}::int as n, ${'fixed'}::text as c, cardinality(${v.list}::text[]) as size, ${v.name}::text || '!' as again`;
      });
      const first = await run(open.db, { name: 'a', n: 1, list: ['x'] });
      const second = await run(open.db, { name: 'b', n: null, list: ['x', 'y', 'z'] });
      expect(builds).toBe(1);
      expect(first.rows).toEqual([{ name: 'a', n: 1, c: 'fixed', size: 3 - 2, again: 'a!' }]);
      expect(second.rows).toEqual([{ name: 'b', n: null, c: 'fixed', size: 3, again: 'b!' }]);
    });

    it('compiles query builders too, and runs in a transaction', async () => {
      const run = compiledOnce((v: { id: string }, db) => db.selectFrom('spaces').select('id').where('id', '=', v.id));
      await open.db.transaction().execute(async (tx) => {
        expect((await run(tx, { id: 'none' })).rows).toEqual([]);
      });
    });
  });
}
