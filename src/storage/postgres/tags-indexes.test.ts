import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { Condition } from '../../domain/search/query.ts';
import type { Storage } from '../port/index.ts';
import type { OpenDatabase } from './index.ts';
import { compileCondition } from './search/compile-condition.ts';
import { compileContext } from './search/sql-values.ts';

// Migration 0016: the tags GIN indexes hold only tagged rows, and the queries that read them say so.
for (const kind of DB_KINDS) {
  describe(`${kind}: tags indexes of tagged rows`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
      await insertSpace(storage, 'space-ti');
      await sql`insert into content_types (space_id, environment_id, id, name, fields) values ('space-ti', 'master', 'ct', 'CT', '[]')`.execute(
        open.db,
      );
      const rows: Array<[string, string[], string[] | null]> = [
        ['a', ['t1', 't2'], ['t1']],
        ['b', ['t2'], null],
        ['c', [], []],
        ['d', [], null],
      ];
      for (const [id, tags, published] of rows) {
        await sql`insert into entries (space_id, environment_id, id, content_type_id, fields, tags, published_tags)
          values ('space-ti', 'master', ${id}, 'ct', '{}', ${tags}::text[], ${published}::text[])`.execute(open.db);
      }
    });
    afterAll(async () => {
      await close?.();
    });

    const tagCondition = (op: 'in' | 'all', value: string[]): Condition => ({
      kind: 'compare',
      path: { kind: 'tags' },
      op,
      value,
    });
    /** The ids matching `condition` in `state`, and the plan of the query without any other way in than its tags. */
    async function search(condition: Condition, state: 'draft' | 'published') {
      const where = compileCondition(condition, compileContext('entries', state));
      return open.db.transaction().execute(async (t) => {
        await sql`set local enable_seqscan = off`.execute(t);
        const query = sql`select r.id from entries as r where ${where}`;
        const ids = (await sql<{ id: string }>`${query} order by r.id`.execute(t)).rows.map((r) => r.id);
        const plan = (await sql<Record<string, string>>`explain ${query}`.execute(t)).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
        return { ids, plan };
      });
    }

    it('holds only rows with a tag', async () => {
      const defs = (
        await sql<{ def: string }>`select pg_get_indexdef(indexrelid) as def from pg_index
        where indexrelid::regclass::text in ('entries_tags', 'entries_published_tags', 'assets_tags', 'assets_published_tags') order by 1`.execute(
          open.db,
        )
      ).rows;
      expect(defs).toHaveLength(4);
      for (const { def } of defs)
        expect(def).toMatch(/USING gin \((published_)?tags\) WHERE \(cardinality\((published_)?tags\) > 0\)$/);
    });

    it('answers tag filters of either state through them, with the same rows', async () => {
      const draftIn = await search(tagCondition('in', ['t2', 'x']), 'draft');
      expect(draftIn.ids).toEqual(['a', 'b']);
      expect(draftIn.plan).toContain('entries_tags');
      const draftAll = await search(tagCondition('all', ['t1', 't2']), 'draft');
      expect(draftAll.ids).toEqual(['a']);
      expect(draftAll.plan).toContain('entries_tags');
      const publishedIn = await search(tagCondition('in', ['t1']), 'published');
      expect(publishedIn.ids).toEqual(['a']);
      expect(publishedIn.plan).toContain('entries_published_tags');
      // All of no tags: every row with tags, empty ones included (null is not known to hold them).
      expect((await search(tagCondition('all', []), 'draft')).ids).toEqual(['a', 'b', 'c', 'd']);
      expect((await search(tagCondition('all', []), 'published')).ids).toEqual(['a', 'c']);
      expect((await search({ kind: 'not', condition: tagCondition('in', ['t1']) } as Condition, 'draft')).ids).toEqual([
        'b',
        'c',
        'd',
      ]);
    });
  });
}
