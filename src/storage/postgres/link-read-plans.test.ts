import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { SearchQuery } from '../../domain/search/query.ts';
import { findEntryRows, findLinkedEntries } from './entry-read-batch.ts';
import type { Db, OpenDatabase } from './index.ts';
import { explainingPlans, scansOf, type PlanNode } from './plan-shapes.test-support.ts';
import { linkingEntries } from './search/linking-entries.ts';
import { searchRepository } from './search/search-repository.ts';

const ENTRIES = 300;
const PEOPLE = 10;
const SCOPE = { spaceId: 'space-p', environmentId: 'master' };
const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'author', type: 'Link', linkType: 'Entry' },
];

/** Articles `a-1` .. `a-300`, each linking to one of ten people, written in SQL: no statement analyzes them. */
async function insertArticles(db: Db): Promise<void> {
  await sql`insert into content_types (space_id, environment_id, id, name, fields, published, published_version)
    values ('space-p', 'master', 'article', 'Article', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb, 1),
      ('space-p', 'master', 'person', 'Person', '[]'::jsonb, '{"fields":[]}'::jsonb, 1)`.execute(db);
  await sql`insert into entries (space_id, environment_id, id, content_type_id, fields, published_fields, published_version, published_at)
    select 'space-p', 'master', 'person-' || g, 'person', '{}'::jsonb, '{}'::jsonb, 1, now() from generate_series(1, ${PEOPLE}::int) as g`.execute(
    db,
  );
  await sql`insert into entries (space_id, environment_id, id, content_type_id, fields, published_fields, published_version, published_at)
    select 'space-p', 'master', 'a-' || g, 'article', f, f, 1, now() - g * interval '1 s'
    from (select g, jsonb_build_object('title', jsonb_build_object('en-US', 'Article ' || g), 'author', jsonb_build_object('en-US',
      jsonb_build_object('sys', jsonb_build_object('type', 'Link', 'linkType', 'Entry', 'id', 'person-' || (1 + g % ${PEOPLE}::int))))) as f
      from generate_series(1, ${ENTRIES}::int) as g) as s`.execute(db);
  await sql`insert into entry_links (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
    select 'space-p', 'master', 'a-' || g, 'author', 'en-US', 0, 'Entry', 'person-' || (1 + g % ${PEOPLE}::int), 3
    from generate_series(1, ${ENTRIES}::int) as g`.execute(db);
}

const PAGE: SearchQuery & { target: 'Entry' } = {
  target: 'Entry',
  state: 'published',
  contentTypeId: 'article',
  where: { kind: 'and', conditions: [] },
  order: [{ kind: 'path', path: { kind: 'sys', attribute: 'id', valueType: 'symbol' }, direction: 'asc' }],
  skip: 0,
  limit: 20,
};

/** Every scan of `entry_links` is an index scan fixing `column` (a lookup per row), never a scan of an environment's links. */
function expectLinkLookups(plans: PlanNode[], column: 'source_id' | 'target_id'): void {
  const scans = plans.flatMap((plan) => scansOf(plan, 'entry_links'));
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) {
    expect(scan['Node Type'], JSON.stringify(scan)).toMatch(/^Index (Only )?Scan$/);
    // An index condition lists its columns in the index's order: the first one bounds the scan.
    expect(scan['Index Cond'], JSON.stringify(scan)).toMatch(new RegExp(`^\\(+${column} = `));
  }
}

/** Every scan of `entries` outside the page's own statement reads one entry by its key. */
function expectEntryLookups(plans: PlanNode[]): void {
  const scans = plans.flatMap((plan) => scansOf(plan, 'entries', 'CTE page'));
  for (const scan of scans) {
    expect(scan['Node Type'], JSON.stringify(scan)).toMatch(/^Index (Only )?Scan$/);
    expect(scan['Index Name'], JSON.stringify(scan)).toBe('entries_pkey');
    expect(scan['Index Cond'], JSON.stringify(scan)).toMatch(/\(id = /);
  }
}

// Tables without statistics (PGlite never analyzed; a server with autovacuum off) estimate every lookup as one row:
// the link statements must leave the planner no plan that scans every link row per entry.
for (const kind of DB_KINDS) {
  describe(`${kind}: link reads look up by key, whatever the statistics`, () => {
    let open: OpenDatabase;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      let storage;
      ({ open, storage, close } = await openMigratedDatabase(kind));
      await insertSpace(storage, SCOPE.spaceId);
      await insertArticles(open.db);
    });
    afterAll(async () => {
      await close?.();
    });

    it('runs on tables that have no statistics', async () => {
      const { rows } = await sql<{
        relname: string;
        reltuples: number;
      }>`select relname, reltuples::float8 as reltuples from pg_class
        where relname in ('entries', 'entry_links') order by relname`.execute(open.db);
      expect(rows).toEqual([
        { relname: 'entries', reltuples: -1 },
        { relname: 'entry_links', reltuples: -1 },
      ]);
    });

    it('a page and its linked entries: the page drives a link lookup per row, then a lookup per target', async () => {
      const plans = await explainingPlans(open.db, (db) =>
        searchRepository(db).entries(SCOPE, PAGE, { linkedEntriesOf: ['author'], total: false }),
      );
      expect(plans).toHaveLength(1);
      expectLinkLookups(plans, 'source_id');
      expectEntryLookups(plans);
    });

    it('linkedFrom: a link lookup per target, then a lookup per linking entry', async () => {
      const plans = await explainingPlans(open.db, (db) =>
        linkingEntries(db, SCOPE, {
          state: 'published',
          targetType: 'Entry',
          targetIds: ['person-1', 'person-2'],
          via: [{ contentTypeId: 'article', fieldId: 'author', localized: false }],
          locales: ['en-US'],
          defaultLocale: 'en-US',
          skip: 0,
          limit: 20,
        }),
      );
      expectLinkLookups(plans, 'target_id');
      expectEntryLookups(plans);
    });

    it('links_to_entry: the link index is read by source or by target, never scanned', async () => {
      const query = { ...PAGE, where: { kind: 'linksTo' as const, targetType: 'Entry' as const, ids: ['person-3'] } };
      const plans = await explainingPlans(open.db, (db) => searchRepository(db).entries(SCOPE, query));
      const scans = plans.flatMap((plan) => scansOf(plan, 'entry_links'));
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans)
        expect(scan['Index Cond'], JSON.stringify(scan)).toMatch(/^\(+(source_id|target_id) = /);
    });

    it('reads by id and the link targets read with them (publish validation): a lookup per id', async () => {
      const key = { ...SCOPE, ids: ['a-1', 'a-2'] };
      const plans = await explainingPlans(open.db, async (db) => {
        await findEntryRows(db, key);
        await findLinkedEntries(db, key);
      });
      expect(plans).toHaveLength(2);
      expectLinkLookups(plans, 'source_id');
      expectEntryLookups(plans);
    });
  });
}
