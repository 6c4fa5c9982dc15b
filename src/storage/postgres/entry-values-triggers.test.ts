import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { Storage } from '../port/index.ts';
import type { OpenDatabase } from './index.ts';
import * as entryValuesOfDroppedSlots from './migrations/0019-entry-values-of-dropped-slots.ts';

const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'views', type: 'Integer' },
  { id: 'body', type: 'Text' },
  { id: 'day', type: 'Date' },
];

// Migrations 0013 (the few-rows fast path of the search value triggers), 0014 (the indexed fields as columns), 0018 and 0019.
for (const kind of DB_KINDS) {
  describe(`${kind}: entry search value triggers`, () => {
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
      await insertSpace(storage, spaceId);
      await sql`insert into content_types (space_id, environment_id, id, name, fields, published)
        values (${spaceId}, 'master', 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb)`.execute(
        open.db,
      );
    }
    const insert = (spaceId: string, id: string, fields: unknown) =>
      sql`insert into entries (space_id, environment_id, id, content_type_id, fields) values (${spaceId}, 'master', ${id}, 'ct', ${JSON.stringify(fields)}::jsonb)`.execute(
        open.db,
      );
    const values = async (spaceId: string, entryId: string) =>
      (
        await sql<{ v: string }>`
      select s.field_id || '.' || s.locale || ' ' || v.states || ' ' || coalesce(v.text, v.num::text) as v
      from entry_values as v join entry_value_slots as s on s.id = v.slot
      where s.space_id = ${spaceId} and v.entry_id = ${entryId} order by 1`.execute(open.db)
      ).rows.map((r) => r.v);
    const slotIds = async (spaceId: string) =>
      (
        await sql<{ id: number }>`select id from entry_value_slots where space_id = ${spaceId} order by id`.execute(
          open.db,
        )
      ).rows.map((r) => r.id);

    it('writes the values of slots that exist without proposing those slots again, and creates the missing ones', async () => {
      await arrange('space-vt1');
      await insert('space-vt1', 'a', { title: { 'en-US': 'A' }, views: { 'en-US': 1 } });
      const first = await slotIds('space-vt1');
      expect(first).toHaveLength(2);
      for (const id of ['b', 'c', 'd'])
        await insert('space-vt1', id, { title: { 'en-US': id }, views: { 'en-US': 2 } });
      // A write whose slots exist does not propose them again (a proposal that conflicts still takes an id).
      await insert('space-vt1', 'e', {
        title: { 'en-US': 'E', de: 'E-de' },
        views: { 'en-US': 3 },
        day: { 'en-US': '2024-01-02T00:00:00Z' },
      });
      expect(await slotIds('space-vt1')).toEqual([first[0], first[1], first[1]! + 1, first[1]! + 2]);
      // Values of existing slots and of new ones, in one write.
      expect(await values('space-vt1', 'e')).toEqual([
        'day.en-US 1 1704153600.000000',
        'title.de 1 E-de',
        'title.en-US 1 E',
        'views.en-US 1 3',
      ]);
    });

    it('publishes and changes fields with some slots existing and some new: the same rows as the JSON', async () => {
      await arrange('space-vt2');
      await insert('space-vt2', 'a', { title: { 'en-US': 'A' } });
      await sql`update entries set published_fields = fields, published_version = version where space_id = 'space-vt2' and id = 'a'`.execute(
        open.db,
      );
      expect(await values('space-vt2', 'a')).toEqual(['title.en-US 3 A']);
      await sql`update entries set fields = ${JSON.stringify({ title: { 'en-US': 'B', fr: 'F' }, views: { 'en-US': 7 } })}::jsonb
        where space_id = 'space-vt2' and id = 'a'`.execute(open.db);
      expect(await values('space-vt2', 'a')).toEqual([
        'title.en-US 1 B',
        'title.en-US 2 A',
        'title.fr 1 F',
        'views.en-US 1 7',
      ]);
      await sql`update entries set archived_version = version where space_id = 'space-vt2' and id = 'a'`.execute(
        open.db,
      );
      expect(await values('space-vt2', 'a')).toEqual([
        'title.en-US 1 B',
        'title.en-US 2 A',
        'title.fr 1 F',
        'views.en-US 1 7',
      ]);
    });

    // Migration 0018: a publish of an unchanged draft promotes the draft's rows instead of computing them again.
    const publish = (spaceId: string, ids: string[]) =>
      sql`update entries set published_fields = fields, published_version = version where space_id = ${spaceId} and id = any(${ids}::text[])`.execute(
        open.db,
      );
    const insertPublished = (spaceId: string, id: string, fields: unknown) =>
      sql`insert into entries (space_id, environment_id, id, content_type_id, fields, published_fields)
      values (${spaceId}, 'master', ${id}, 'ct', ${JSON.stringify(fields)}::jsonb, ${JSON.stringify(fields)}::jsonb)`.execute(
        open.db,
      );

    it('publishes an unchanged draft: its values in both states, the previous published ones gone, as computed from the JSON', async () => {
      await arrange('space-vt4');
      await insert('space-vt4', 'a', {
        title: { 'en-US': 'A' },
        views: { 'en-US': 1 },
        day: { 'en-US': '2024-01-02T00:00:00Z' },
      });
      await publish('space-vt4', ['a']);
      const draft = { title: { 'en-US': 'B', fr: 'F' }, views: { 'en-US': 1 } };
      await sql`update entries set fields = ${JSON.stringify(draft)}::jsonb where space_id = 'space-vt4' and id = 'a'`.execute(
        open.db,
      );
      expect(await values('space-vt4', 'a')).toEqual([
        'day.en-US 2 1704153600.000000',
        'title.en-US 1 B',
        'title.en-US 2 A',
        'title.fr 1 F',
        'views.en-US 3 1',
      ]);
      await publish('space-vt4', ['a']);
      expect(await values('space-vt4', 'a')).toEqual(['title.en-US 3 B', 'title.fr 3 F', 'views.en-US 3 1']);
      await insertPublished('space-vt4', 'computed', draft);
      expect(await values('space-vt4', 'computed')).toEqual(await values('space-vt4', 'a'));
    });

    it('takes the stored draft rows on such a publish, and computes every other update from the JSON', async () => {
      await arrange('space-vt5');
      for (const id of ['a', 'b']) await insert('space-vt5', id, { views: { 'en-US': 1 } });
      // A stored draft value that differs from the JSON shows which path wrote the published rows.
      const tamper = (id: string) =>
        sql`update entry_values set num = 99 where entry_id = ${id} and states = 1
        and slot in (select id from entry_value_slots where space_id = 'space-vt5')`.execute(open.db);
      await tamper('a');
      await publish('space-vt5', ['a']);
      expect(await values('space-vt5', 'a')).toEqual(['views.en-US 3 99']);
      // One entry of the statement changes its draft too: every entry of it is computed from its JSON.
      await tamper('b');
      await sql`update entries set published_fields = fields, fields = case when id = 'a' then '{"views": {"en-US": 5}}'::jsonb else fields end
        where space_id = 'space-vt5' and id in ('a', 'b')`.execute(open.db);
      expect(await values('space-vt5', 'a')).toEqual(['views.en-US 1 5', 'views.en-US 2 1']);
      expect(await values('space-vt5', 'b')).toEqual(['views.en-US 3 1']);
    });

    // Migration 0019: the values of a deleted environment's entries go with its slots (its entries go by cascade).
    it('deletes the values of a deleted environment and of a deleted space, and keeps those of other environments', async () => {
      const spaceId = 'space-vt6';
      await insertSpace(storage, spaceId, ['master', 'other']);
      for (const environmentId of ['master', 'other']) {
        await sql`insert into content_types (space_id, environment_id, id, name, fields, published)
          values (${spaceId}, ${environmentId}, 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb)`.execute(
          open.db,
        );
        await sql`insert into entries (space_id, environment_id, id, content_type_id, fields)
          select ${spaceId}, ${environmentId}, 'e' || g, 'ct', jsonb_build_object('title', jsonb_build_object('en-US', 'T' || g), 'views', jsonb_build_object('en-US', g))
          from generate_series(1, 60) as g`.execute(open.db);
      }
      const slotsOf = async (environmentId: string) =>
        (
          await sql<{ id: number }>`select id from entry_value_slots
        where space_id = ${spaceId} and environment_id = ${environmentId}`.execute(open.db)
        ).rows.map((r) => r.id);
      const rowsOf = async (slots: number[]) =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from entry_values
        where slot = any(${slots}::int[])`.execute(open.db)
          ).rows[0]!.n,
        );
      const [master, other] = [await slotsOf('master'), await slotsOf('other')];
      expect([master.length, await rowsOf(master), other.length, await rowsOf(other)]).toEqual([2, 120, 2, 120]);
      expect(await storage.repos.environments.delete(spaceId, 'master')).toBe(true);
      expect([await slotsOf('master'), await rowsOf(master), await rowsOf(other)]).toEqual([[], 0, 120]);
      await sql`delete from spaces where id = ${spaceId}`.execute(open.db);
      expect([await slotsOf('other'), await rowsOf(other)]).toEqual([[], 0]);
    });

    it('keeps the values of an environment whose id changes (alias opt-in) under slots of its new id, and leaves none behind', async () => {
      const spaceId = 'space-vt8';
      const { userId } = await insertSpace(storage, spaceId, ['master']);
      await sql`insert into content_types (space_id, environment_id, id, name, fields, published)
        values (${spaceId}, 'master', 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb)`.execute(
        open.db,
      );
      await insert(spaceId, 'a', { title: { 'en-US': 'A' }, views: { 'en-US': 1 } });
      const before = await values(spaceId, 'a');
      const rowsUnder = async (environmentId: string) =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from entry_values as v
        join entry_value_slots as s on s.id = v.slot where s.space_id = ${spaceId} and s.environment_id = ${environmentId}`.execute(
              open.db,
            )
          ).rows[0]!.n,
        );
      expect(await storage.repos.environments.changeId(spaceId, 'master', 'renamed', userId)).toBeDefined();
      expect([await values(spaceId, 'a'), await rowsUnder('renamed'), await rowsUnder('master')]).toEqual([
        before,
        2,
        0,
      ]);
    });

    it('deletes, once, the values that environments deleted before migration 0019 left behind', async () => {
      await arrange('space-vt7');
      await insert('space-vt7', 'kept', { views: { 'en-US': 1 } });
      const count = async () =>
        Number((await sql<{ n: string }>`select count(*) as n from entry_values`.execute(open.db)).rows[0]!.n);
      const before = await count();
      await sql`insert into entry_values (slot, entry_id, states, num)
        select coalesce(max(id), 0) + 1000, 'gone', 1, 1 from entry_value_slots`.execute(open.db);
      expect(await count()).toBe(before + 1);
      await entryValuesOfDroppedSlots.up(open.db as unknown as Kysely<unknown>);
      expect(await count()).toBe(before);
      expect(await values('space-vt7', 'kept')).toEqual(['views.en-US 1 1']);
    });

    it('keeps the indexed fields of each content type in columns, from the activated definition or else the draft', async () => {
      await arrange('space-vt3');
      const kinds = async () =>
        (
          await sql<{ ids: string[]; types: string[] }>`select value_field_ids as ids, value_field_types as types
        from content_types where space_id = 'space-vt3' and id = 'ct'`.execute(open.db)
        ).rows[0];
      expect(await kinds()).toEqual({ ids: ['title', 'views', 'day'], types: ['Symbol', 'Integer', 'Date'] });
      await sql`update content_types set fields = '[{"id": "n", "type": "Number"}]', published = null where space_id = 'space-vt3'`.execute(
        open.db,
      );
      expect(await kinds()).toEqual({ ids: ['n'], types: ['Number'] });
      await sql`update content_types set published = '{"fields": {"not": "an array"}}' where space_id = 'space-vt3'`.execute(
        open.db,
      );
      expect(await kinds()).toEqual({ ids: [], types: [] });
      await insert('space-vt3', 'a', { n: { 'en-US': 1 } });
      expect(await values('space-vt3', 'a')).toEqual([]);
    });
  });
}
