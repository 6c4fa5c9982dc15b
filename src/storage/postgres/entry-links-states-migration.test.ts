import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { OpenDatabase } from './index.ts';
import * as entryLinksStates from './migrations/0020-entry-links-states.ts';

// Migration 0020: the link index's rows per link and state become one row per link with the bits of its states.
for (const kind of DB_KINDS) {
  describe(`${kind}: migration 0020 (entry link states)`, () => {
    let open: OpenDatabase;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, close } = await openMigratedDatabase(kind));
    });
    afterAll(async () => {
      await close?.();
    });

    it('merges the draft and published rows of one link, and keeps a position whose draft and published targets differ', async () => {
      // The table as migrations 0002 and 0009 left it.
      await sql`drop table entry_links`.execute(open.db);
      await sql
        .raw(
          `create table entry_links (
        space_id text not null, environment_id text not null, source_id text not null,
        state text not null check (state in ('draft', 'published')), field_id text not null, locale text not null,
        position integer not null default 0, target_type text not null check (target_type in ('Entry', 'Asset')), target_id text not null,
        primary key (space_id, environment_id, source_id, state, field_id, locale, position))`,
        )
        .execute(open.db);
      const old = [
        ['e1', 'draft', 'ref', 0, 'Entry', 'a'],
        ['e1', 'published', 'ref', 0, 'Entry', 'a'],
        ['e2', 'draft', 'ref', 0, 'Entry', 'b'],
        ['e2', 'published', 'ref', 0, 'Entry', 'a'],
        ['e2', 'draft', 'refs', 1, 'Asset', 'x'],
        ['e3', 'published', 'refs', 0, 'Asset', 'x'],
      ] as const;
      for (const [source, state, field, position, type, target] of old) {
        await sql`insert into entry_links (space_id, environment_id, source_id, state, field_id, locale, position, target_type, target_id)
          values ('s', 'master', ${source}, ${state}, ${field}, 'en-US', ${position}, ${type}, ${target})`.execute(
          open.db,
        );
      }
      await entryLinksStates.up(open.db as unknown as Kysely<unknown>);

      const rows = await sql<{
        r: string;
      }>`select source_id || ' ' || field_id || ' ' || position || ' -> ' || target_type || ':' || target_id
          || ' ' || states as r from entry_links order by 1`.execute(open.db);
      expect(rows.rows.map((r) => r.r)).toEqual([
        'e1 ref 0 -> Entry:a 3',
        'e2 ref 0 -> Entry:a 2',
        'e2 ref 0 -> Entry:b 1',
        'e2 refs 1 -> Asset:x 1',
        'e3 refs 0 -> Asset:x 2',
      ]);
      // The key is the link itself; a row holds at least one state.
      await expect(
        sql`insert into entry_links (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
        values ('s', 'master', 'e1', 'ref', 'en-US', 0, 'Entry', 'a', 1)`.execute(open.db),
      ).rejects.toThrow(/duplicate key/);
      await expect(
        sql`insert into entry_links (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
        values ('s', 'master', 'e4', 'ref', 'en-US', 0, 'Entry', 'a', 0)`.execute(open.db),
      ).rejects.toThrow(/check constraint/);
    });
  });
}
