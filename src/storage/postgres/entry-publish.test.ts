import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { EntryRecord } from '../port/content.ts';
import type { EntryPublish, Storage } from '../port/index.ts';
import { entriesRepository, toEntry } from './entries-repository.ts';
import { entryBatches } from './entry-batches.ts';
import { publishEntries } from './entry-publish.ts';
import type { OpenDatabase } from './index.ts';

const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'views', type: 'Integer' },
  { id: 'ref', type: 'Link', linkType: 'Entry' },
  { id: 'refs', type: 'Array', items: { type: 'Link', linkType: 'Entry' } },
];
const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const LINK_FIELDS = ['ref', 'refs'];
/** The link-bearing fields of a draft, as the domain passes them. */
const linksOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([id]) => LINK_FIELDS.includes(id))) as EntryPublish['links'];

const USER = 'user-publisher';

type Publish = (items: EntryPublish[]) => Promise<Array<EntryRecord | undefined>>;

for (const kind of DB_KINDS) {
  describe(`${kind}: entry publishes in one statement`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
    });
    afterAll(async () => {
      await close?.();
    });

    const single: Publish = async (items) => {
      const answers = [];
      for (const item of items) answers.push(await entriesRepository(open.db).publishValidated(item));
      return answers;
    };
    const batch: Publish = (items) => publishEntries(open.db, items);

    async function contentType(spaceId: string, environmentId: string, id: string, publishedVersion = 1) {
      await sql`insert into content_types (space_id, environment_id, id, name, fields, published, version, published_version)
        values (${spaceId}, ${environmentId}, ${id}, ${id}, ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb,
          ${publishedVersion + 1}, ${publishedVersion})`.execute(open.db);
    }
    async function arrange(spaceId: string) {
      const { userId } = await insertSpace(storage, spaceId, ['master', 'dev']);
      await contentType(spaceId, 'master', 'ct');
      await contentType(spaceId, 'dev', 'ct2');
      return userId;
    }
    const insert = (
      spaceId: string,
      environmentId: string,
      contentTypeId: string,
      id: string,
      fields: Record<string, unknown>,
    ) =>
      sql`insert into entries (space_id, environment_id, id, content_type_id, fields)
        values (${spaceId}, ${environmentId}, ${id}, ${contentTypeId}, ${JSON.stringify(fields)}::jsonb)`.execute(
        open.db,
      );
    const change = (spaceId: string, id: string, fields: Record<string, unknown>) =>
      sql`update entries set fields = ${JSON.stringify(fields)}::jsonb, version = version + 1 where space_id = ${spaceId} and id = ${id}`.execute(
        open.db,
      );

    /** Everything a publish writes in a space, without what differs between two runs (space, timestamps, snapshot ids' space). */
    async function written(spaceId: string) {
      const entries = (
        await sql<{
          row: unknown;
        }>`select to_jsonb(e) - 'space_id' - 'created_at' - 'updated_at' - 'published_at' - 'first_published_at'
          || jsonb_build_object('stamped', published_at = updated_at and first_published_at is not null) as row
        from entries as e where space_id = ${spaceId} order by environment_id, id`.execute(open.db)
      ).rows.map((r) => r.row);
      const links = (
        await sql<{
          l: string;
        }>`select environment_id || ' ' || source_id || ' ' || s.state || ' ' || field_id || ' ' || locale || ' ' || position
          || ' -> ' || target_type || ':' || target_id as l
        from entry_links cross join (values ('draft', 1), ('published', 2)) as s(state, bit)
        where space_id = ${spaceId} and (states & s.bit) <> 0 order by 1`.execute(open.db)
      ).rows.map((r) => r.l);
      const snapshots = (
        await sql<{
          row: unknown;
        }>`select jsonb_build_object('environment', environment_id, 'id', id, 'type', entity_type,
          'entity', entity_id, 'createdBy', created_by,
          'snapshot', snapshot - 'spaceId' - 'publishedAt' - 'firstPublishedAt' - 'createdAt' - 'updatedAt') as row
        from snapshots where space_id = ${spaceId} order by environment_id, id`.execute(open.db)
      ).rows.map((r) => r.row);
      const values = (
        await sql<{
          v: string;
        }>`select s.environment_id || ' ' || v.entry_id || ' ' || s.field_id || '.' || s.locale || ' ' || v.states
          || ' ' || coalesce(v.text, v.num::text) as v
        from entry_values as v join entry_value_slots as s on s.id = v.slot where s.space_id = ${spaceId} order by 1`.execute(
          open.db,
        )
      ).rows.map((r) => r.v);
      return { entries, links, snapshots, values };
    }
    const answered = (records: Array<EntryRecord | undefined>) =>
      records.map(
        (r) =>
          r && {
            ...r,
            spaceId: undefined,
            createdAt: undefined,
            updatedAt: undefined,
            publishedAt: undefined,
            firstPublishedAt: undefined,
          },
      );
    const keptLinkXmin = async (spaceId: string) =>
      (
        await sql<{ x: string }>`select xmin::text as x from entry_links
      where space_id = ${spaceId} and source_id = 'b' and (states & 2) <> 0 and field_id = 'refs' and position = 0`.execute(
          open.db,
        )
      ).rows[0]?.x;

    /**
     * Entries new and republished (links added, changed, removed and kept), with and without snapshot, in two
     * environments and content types; the last round published by `publish`.
     */
    async function scenario(spaceId: string, publish: Publish) {
      await arrange(spaceId);
      const userId = USER;
      const a = { title: { 'en-US': 'A' }, ref: { 'en-US': link('x') } };
      const b = {
        title: { 'en-US': 'B' },
        views: { 'en-US': 1 },
        refs: { 'en-US': [link('x'), link('y'), link('z')] },
      };
      const c = { title: { 'en-US': 'C' }, views: { 'en-US': 3 } };
      const d = { title: { 'en-US': 'D', de: 'D-de' } };
      const e = {
        title: { 'en-US': 'E' },
        ref: { 'en-US': link('a') },
        refs: { 'en-US': [link('a')], de: [link('b')] },
      };
      await insert(spaceId, 'master', 'ct', 'a', a);
      await insert(spaceId, 'master', 'ct', 'b', b);
      await insert(spaceId, 'master', 'ct', 'c', c);
      await insert(spaceId, 'master', 'ct', 'd', d);
      await insert(spaceId, 'dev', 'ct2', 'e', e);
      const item = (
        environmentId: string,
        contentTypeId: string,
        id: string,
        expectedVersion: number,
        fields: Record<string, unknown>,
        snapshot?: string,
      ) => ({
        spaceId,
        environmentId,
        id,
        contentTypeId,
        expectedVersion,
        activationVersion: 1,
        userId,
        links: linksOf(fields),
        ...(snapshot ? { snapshot: { id: snapshot, createdBy: userId } } : {}),
      });
      await single([item('master', 'ct', 'b', 1, b, 'snap-b1'), item('master', 'ct', 'c', 1, c)]);
      const b2 = {
        title: { 'en-US': 'B2' },
        views: { 'en-US': 5 },
        ref: { 'en-US': link('y') },
        refs: { 'en-US': [link('x'), link('w')] },
      };
      const c2 = { title: { 'en-US': 'C2' } };
      await change(spaceId, 'b', b2);
      await change(spaceId, 'c', c2);
      const kept = await keptLinkXmin(spaceId);
      const answers = await publish([
        item('master', 'ct', 'a', 1, a, 'snap-a'),
        item('master', 'ct', 'b', 3, b2, 'snap-b2'),
        item('master', 'ct', 'c', 3, c2),
        item('dev', 'ct2', 'e', 1, e),
        item('master', 'ct', 'd', 1, d, 'snap-d'),
      ]);
      return { answers, kept, keptAfter: await keptLinkXmin(spaceId) };
    }

    it('writes the same entries, links, snapshots and search values as publishing the items one by one', async () => {
      const one = await scenario('pb-single', single);
      const all = await scenario('pb-batch', batch);
      expect(answered(all.answers)).toEqual(answered(one.answers));
      expect(all.answers.map((r) => r?.version)).toEqual([2, 4, 4, 2, 2]);
      const [expected, actual] = [await written('pb-single'), await written('pb-batch')];
      expect(actual).toEqual(expected);
      // Not a comparison of two empty sides: the republished entry's links changed, were removed, added and kept.
      expect(actual.links.filter((l) => l.includes(' b published '))).toEqual([
        'master b published ref en-US 0 -> Entry:y',
        'master b published refs en-US 0 -> Entry:x',
        'master b published refs en-US 1 -> Entry:w',
      ]);
      expect(actual.links.filter((l) => l.startsWith('dev e published'))).toHaveLength(3);
      expect(actual.snapshots.map((s: any) => s.id)).toEqual(['snap-a', 'snap-b1', 'snap-b2', 'snap-d']);
      expect(actual.values).toContain('master b title.en-US 3 B2');
      expect(actual.values).toContain('master d title.de 3 D-de');
      expect(actual.values).toContain('dev e title.en-US 3 E');
      // A link that did not change is left alone, as the single statement leaves it.
      expect(all.keptAfter).toBe(all.kept);
      expect(one.keptAfter).toBe(one.kept);
    });

    it("writes the same search values and links as single publishes for a batch past the triggers' few-rows branch (50)", async () => {
      const run = async (spaceId: string, publish: Publish) => {
        await arrange(spaceId);
        const items: EntryPublish[] = [];
        for (let n = 0; n < 60; n++) {
          const fields = {
            title: { 'en-US': `T${n}`, ...(n % 7 === 0 ? { [`l${n}`]: `L${n}` } : {}) },
            views: { 'en-US': n },
            ref: { 'en-US': link(`t${n}`) },
          };
          await insert(spaceId, n % 2 ? 'dev' : 'master', n % 2 ? 'ct2' : 'ct', `e${n}`, fields);
          items.push({
            spaceId,
            environmentId: n % 2 ? 'dev' : 'master',
            id: `e${n}`,
            contentTypeId: n % 2 ? 'ct2' : 'ct',
            expectedVersion: 1,
            activationVersion: 1,
            userId: USER,
            links: linksOf(fields),
            ...(n % 3 ? {} : { snapshot: { id: `snap-${n}`, createdBy: USER } }),
          });
        }
        return answered(await publish(items));
      };
      const one = await run('pb-many-single', single);
      expect(await run('pb-many-batch', batch)).toEqual(one);
      expect(one.every((r) => r?.version === 2)).toBe(true);
      const [expected, actual] = [await written('pb-many-single'), await written('pb-many-batch')];
      expect(actual).toEqual(expected);
      expect(actual.values).toHaveLength(60 * 2 + 9);
      expect(actual.links).toHaveLength(60);
      expect(actual.snapshots).toHaveLength(20);
    });

    it('records as snapshot the JSON of the record the repository reads', async () => {
      for (const id of ['a', 'b', 'd']) {
        const row = (
          await sql`select * from entries where space_id = 'pb-batch' and environment_id = 'master' and id = ${id}`.execute(
            open.db,
          )
        ).rows[0];
        const stored = (
          await sql<{
            snapshot: unknown;
          }>`select snapshot from snapshots where space_id = 'pb-batch' and entity_id = ${id}
          order by created_at desc, id desc limit 1`.execute(open.db)
        ).rows[0];
        expect(stored?.snapshot).toEqual(JSON.parse(JSON.stringify(toEntry(row))));
      }
    });

    it('publishes the items whose conditions hold; the others answer undefined and are left as they were', async () => {
      const spaceId = 'pb-mix';
      await arrange(spaceId);
      const userId = USER;
      await contentType(spaceId, 'master', 'moved', 2);
      const fields = { title: { 'en-US': 'T' }, ref: { 'en-US': link('x') } };
      for (const id of ['ok1', 'stale', 'archived']) await insert(spaceId, 'master', 'ct', id, fields);
      await insert(spaceId, 'master', 'moved', 'activated', fields);
      await insert(spaceId, 'dev', 'ct2', 'ok2', fields);
      await sql`update entries set archived_version = version where space_id = ${spaceId} and id = 'archived'`.execute(
        open.db,
      );
      const item = (environmentId: string, contentTypeId: string, id: string, expectedVersion = 1) => ({
        spaceId,
        environmentId,
        id,
        contentTypeId,
        expectedVersion,
        activationVersion: 1,
        userId,
        links: linksOf(fields),
        snapshot: { id: `snap-${id}`, createdBy: userId },
      });
      const answers = await batch([
        item('master', 'ct', 'ok1'),
        item('master', 'ct', 'stale', 7),
        item('master', 'ct', 'archived'),
        item('master', 'moved', 'activated'),
        item('dev', 'ct2', 'ok2'),
      ]);
      expect(
        answers.map(
          (r) => r && `${r.environmentId}/${r.id} v${r.version} published v${r.publishedVersion} by ${r.publishedBy}`,
        ),
      ).toEqual([
        `master/ok1 v2 published v1 by ${userId}`,
        undefined,
        undefined,
        undefined,
        `dev/ok2 v2 published v1 by ${userId}`,
      ]);
      const { entries, links, snapshots } = await written(spaceId);
      expect(entries.map((e: any) => `${e.id} v${e.version} ${e.published_version}`)).toEqual([
        'ok2 v2 1',
        'activated v1 null',
        'archived v1 null',
        'ok1 v2 1',
        'stale v1 null',
      ]);
      expect(links.filter((l) => l.includes(' published '))).toEqual([
        'dev ok2 published ref en-US 0 -> Entry:x',
        'master ok1 published ref en-US 0 -> Entry:x',
      ]);
      expect(snapshots.map((s: any) => s.entity)).toEqual(['ok2', 'ok1']);
    });

    it('publishes an entry named twice once, for the first naming it; the later ones answer undefined', async () => {
      const spaceId = 'pb-dup';
      await arrange(spaceId);
      const userId = USER;
      for (const id of ['x', 'y', 'z']) await insert(spaceId, 'master', 'ct', id, { ref: { 'en-US': link(id) } });
      const item = (id: string, expectedVersion: number, target: string) => ({
        spaceId,
        environmentId: 'master',
        id,
        contentTypeId: 'ct',
        expectedVersion,
        activationVersion: 1,
        userId,
        links: { ref: { 'en-US': link(target) } },
        snapshot: { id: `snap-${id}-${target}-${expectedVersion}`, createdBy: userId },
      });
      const answers = await batch([
        item('x', 1, 'x'),
        item('y', 1, 'y'),
        item('x', 1, 'other'),
        item('x', 2, 'again'),
        item('z', 9, 'z'),
        item('z', 1, 'z'),
      ]);
      expect(answers.map((r) => r && `${r.id} v${r.version} counter ${r.publishedCounter}`)).toEqual([
        'x v2 counter 1',
        'y v2 counter 1',
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      const { entries, links, snapshots } = await written(spaceId);
      expect(entries.map((e: any) => `${e.id} v${e.version}`)).toEqual(['x v2', 'y v2', 'z v1']);
      expect(links.filter((l) => l.includes(' published '))).toEqual([
        'master x published ref en-US 0 -> Entry:x',
        'master y published ref en-US 0 -> Entry:y',
      ]);
      expect(snapshots.map((s: any) => s.id)).toEqual(['snap-x-x-1', 'snap-y-y-1']);
    });

    it('publishes on a remembered basis only while it holds: the row as created, the entries it links to still of their types', async () => {
      const run = async (spaceId: string, publish: Publish) => {
        const creator = await arrange(spaceId);
        await contentType(spaceId, 'master', 'other');
        for (const id of ['x', 'y', 'z']) await insert(spaceId, 'master', 'ct', id, { title: { 'en-US': id } });
        const repo = entriesRepository(open.db, entryBatches(open.db));
        const create = async (id: string, target: string) => {
          const fields = { title: { 'en-US': id }, ref: { 'en-US': link(target) } };
          const record = await repo.insert(
            { spaceId, environmentId: 'master', id, contentTypeId: 'ct', fields, tags: [], createdBy: creator },
            linksOf(fields),
          );
          expect(repo.writtenBasis?.(spaceId, 'master', id, 1)).toBe(record);
          expect(repo.writtenBasis?.(spaceId, 'master', id, 2)).toBeUndefined();
          return {
            spaceId,
            environmentId: 'master',
            id,
            contentTypeId: 'ct',
            expectedVersion: 1,
            activationVersion: 1,
            userId: USER,
            links: linksOf(fields),
            basis: record,
          };
        };
        const kept = await create('kept', 'x');
        const rewritten = await create('rewritten', 'x');
        const orphaned = await create('orphaned', 'y');
        const retyped = await create('retyped', 'z');
        // Behind the process's back: the row written without a new version, a target deleted, a target replaced by one of another type.
        await sql`update entries set fields = '{"title": {"en-US": "changed"}}' where space_id = ${spaceId} and id = 'rewritten'`.execute(
          open.db,
        );
        await sql`delete from entries where space_id = ${spaceId} and id in ('y', 'z')`.execute(open.db);
        await insert(spaceId, 'master', 'other', 'z', { title: { 'en-US': 'z' } });
        const answers = await publish([kept, rewritten, orphaned, retyped]);
        // Read just before, a record is the basis of nothing but its version (the publish checks that, as always).
        const [read] = await publish([
          {
            ...rewritten,
            basis: toEntry(
              (await sql`select * from entries where space_id = ${spaceId} and id = 'rewritten'`.execute(open.db))
                .rows[0],
            ),
          },
        ]);
        return [...answers, read].map((r) => r && `${r.id} v${r.version} published v${r.publishedVersion}`);
      };
      const expected = ['kept v2 published v1', undefined, undefined, undefined, 'rewritten v2 published v1'];
      expect(await run('pb-basis-single', single)).toEqual(expected);
      expect(await run('pb-basis-batch', batch)).toEqual(expected);
      expect((await written('pb-basis-batch')).links.filter((l) => l.includes(' published '))).toEqual([
        'master kept published ref en-US 0 -> Entry:x',
        'master rewritten published ref en-US 0 -> Entry:x',
      ]);
    });

    it('answers [] for no items without a statement, and publishes a batch of one as the single statement does', async () => {
      const before = open.statements();
      expect(await batch([])).toEqual([]);
      expect(open.statements()).toBe(before);

      const run = async (spaceId: string, publish: Publish) => {
        await arrange(spaceId);
        const userId = USER;
        const fields = { title: { 'en-US': 'One' }, refs: { 'en-US': [link('p'), link('q')] } };
        await insert(spaceId, 'dev', 'ct2', 'one', fields);
        const answers = await publish([
          {
            spaceId,
            environmentId: 'dev',
            id: 'one',
            contentTypeId: 'ct2',
            expectedVersion: 1,
            activationVersion: 1,
            userId,
            links: linksOf(fields),
            snapshot: { id: 'snap-one', createdBy: userId },
          },
        ]);
        return answered(answers);
      };
      let statements = 0;
      const counted: Publish = async (items) => {
        const from = open.statements();
        const answers = await batch(items);
        statements = open.statements() - from;
        return answers;
      };
      const one = await run('pb-one-single', single);
      expect(await run('pb-one-batch', counted)).toEqual(one);
      expect(statements).toBe(1);
      expect(one[0]?.version).toBe(2);
      expect(await written('pb-one-batch')).toEqual(await written('pb-one-single'));
      expect((await written('pb-one-batch')).links).toEqual([
        'dev one published refs en-US 0 -> Entry:p',
        'dev one published refs en-US 1 -> Entry:q',
      ]);
    });
  });
}
