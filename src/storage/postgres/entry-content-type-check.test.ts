import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { Storage } from '../port/index.ts';
import type { OpenDatabase } from './index.ts';

// Migration 0010 replaced the key entries -> content_types by statement triggers; these are the key's duties.
for (const kind of DB_KINDS) {
  describe(`${kind}: entries belong to an existing content type`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
    });
    afterAll(async () => {
      await close?.();
    });

    async function arrange(spaceId: string) {
      await insertSpace(storage, spaceId, ['master', 'other']);
      await sql`insert into content_types (space_id, environment_id, id, name) values (${spaceId}, 'master', 'ct', 'CT'), (${spaceId}, 'master', 'ct2', 'CT2')`.execute(
        open.db,
      );
      await sql`insert into entries (space_id, environment_id, id, content_type_id)
        select ${spaceId}, 'master', 'e' || i, case when i % 2 = 0 then 'ct' else 'ct2' end from generate_series(1, 120) as i`.execute(
        open.db,
      );
    }
    const count = async (where: ReturnType<typeof sql>) =>
      (await sql<{ n: number }>`select count(*) as n from entries where ${where}`.execute(open.db)).rows[0].n;

    it('refuses entries of a content type the environment does not have, one or many, and writes none of them', async () => {
      await arrange('space-ck1');
      const one = sql`insert into entries (space_id, environment_id, id, content_type_id) values ('space-ck1', 'other', 'x', 'ct')`;
      await expect(one.execute(open.db)).rejects.toMatchObject({ code: '23503' });
      const many = sql`insert into entries (space_id, environment_id, id, content_type_id)
        select 'space-ck1', 'master', 'y' || i, case when i = 77 then 'nope' else 'ct' end from generate_series(1, 100) as i`;
      await expect(many.execute(open.db)).rejects.toMatchObject({ code: '23503' });
      expect(await count(sql`space_id = 'space-ck1' and id in ('x', 'y1')`)).toBe(0);
      expect(await count(sql`space_id = 'space-ck1'`)).toBe(120);
    });

    it('deletes the entries of deleted content types, and of a deleted environment', async () => {
      await arrange('space-ck2');
      await sql`delete from content_types where space_id = 'space-ck2' and id = 'ct'`.execute(open.db);
      expect(await count(sql`space_id = 'space-ck2' and content_type_id = 'ct'`)).toBe(0);
      expect(await count(sql`space_id = 'space-ck2'`)).toBe(60);
      await sql`delete from environments where space_id = 'space-ck2' and id = 'master'`.execute(open.db);
      expect(await count(sql`space_id = 'space-ck2'`)).toBe(0);
    });

    it('moves the entries of a renamed environment with it', async () => {
      await arrange('space-ck3');
      await sql`update environments set id = 'renamed' where space_id = 'space-ck3' and id = 'master'`.execute(open.db);
      expect(await count(sql`space_id = 'space-ck3' and environment_id = 'renamed'`)).toBe(120);
      expect(await count(sql`space_id = 'space-ck3' and environment_id = 'master'`)).toBe(0);
    });
  });
}
