import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { EntryPublish } from '../port/index.ts';
import { entriesRepository } from './entries-repository.ts';
import { entryBatches } from './entry-batches.ts';
import { publishEntries } from './entry-publish.ts';
import type { OpenDatabase } from './index.ts';
import { explainingPlans, scansOf, type PlanNode } from './plan-shapes.test-support.ts';

const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'author', type: 'Link', linkType: 'Entry' },
];
const ENTRIES = 2000;
const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

/** Every read of a link target (`entries as t`) is a lookup by key: `entries_pkey` with the id fixed. */
function expectTargetLookups(plans: PlanNode[]): void {
  const scans = plans
    .flatMap((plan) => scansOf(plan, 'entries'))
    .filter((scan) => /^t(_\d+)?$/.test(String(scan.Alias)));
  expect(scans.length).toBe(1);
  for (const scan of scans) {
    expect(scan['Node Type'], JSON.stringify(scan)).toMatch(/^Index (Only )?Scan$/);
    expect(scan['Index Name'], JSON.stringify(scan)).toBe('entries_pkey');
    expect(scan['Index Cond'], JSON.stringify(scan)).toMatch(/\(id = /);
  }
}

// Tables without statistics (PGlite before its first analyze; a server with autovacuum off; a restored dump) estimate
// every lookup as one row. A publish on a remembered basis (an entry this process just created) checks that the
// entries it links to are still of their types: that check once read the whole environment for each link.

for (const kind of DB_KINDS) {
  describe(`${kind}: publish plans on tables never analyzed (${ENTRIES} entries)`, () => {
    let open: OpenDatabase;
    let close: (() => Promise<void>) | undefined;
    const items: EntryPublish[] = [];
    beforeAll(async () => {
      let storage;
      ({ open, storage, close } = await openMigratedDatabase(kind));
      const { userId } = await insertSpace(storage, 'space-q');
      await sql`insert into content_types (space_id, environment_id, id, name, fields, published, version, published_version)
        values ('space-q', 'master', 'article', 'Article', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb, 2, 1)`.execute(
        open.db,
      );
      await sql`insert into entries (space_id, environment_id, id, content_type_id, fields)
        select 'space-q', 'master', 'a-' || g, 'article', '{}'::jsonb from generate_series(1, ${ENTRIES}::int) as g`.execute(
        open.db,
      );
      const repo = entriesRepository(open.db, entryBatches(open.db));
      for (const id of ['n-1', 'n-2', 'n-3']) {
        const fields = { title: { 'en-US': id }, author: { 'en-US': link('a-7') } };
        const links = { author: fields.author } as EntryPublish['links'];
        const basis = await repo.insert(
          {
            spaceId: 'space-q',
            environmentId: 'master',
            id,
            contentTypeId: 'article',
            fields,
            tags: [],
            createdBy: userId,
          },
          links,
        );
        items.push({
          spaceId: 'space-q',
          environmentId: 'master',
          id,
          contentTypeId: 'article',
          expectedVersion: 1,
          activationVersion: 1,
          userId,
          links,
          basis,
        });
      }
    });
    afterAll(async () => {
      await close?.();
    });

    it('a batch of publishes on a remembered basis reads each link target by its key', async () => {
      expectTargetLookups(await explainingPlans(open.db, (db) => publishEntries(db, items)));
    });

    it('a single publish on a remembered basis reads each link target by its key', async () => {
      expectTargetLookups(await explainingPlans(open.db, (db) => entriesRepository(db).publishValidated(items[0]!)));
    });
  });
}
