import { sql } from 'kysely';
import type { EntryRecord } from '../port/content.ts';
import type { EntryPublish } from '../port/entries.ts';
import { appendLinks, firstOfEachKey, keyOf, type ItemLinkColumns } from './batch-binding.ts';
import { publishedColumns, toEntry } from './content-rows.ts';
import { linkColumns, linkStateCtes } from './entry-links.ts';
import type { Executor } from './executor.ts';
import { basisHolds, publishBasis } from './remembered-entries.ts';
import {
  compiledOnEitherPath,
  requestedEnvironmentOf,
  setsRequestedEnvironment,
  type OnRequestedEnvironment,
} from './requested-environment.ts';
import { entrySnapshotJson, insertSnapshots } from './snapshots-repository.ts';

/** A publish as the statement binds it: the port's, its change reduced to the path the statement records. */
export interface PublishItem extends Omit<EntryPublish, 'change'>, OnRequestedEnvironment {}

export function publishItem({ change, ...publish }: EntryPublish): PublishItem {
  return change?.requestedEnvironmentId === undefined
    ? publish
    : { ...publish, requestedEnvironmentId: change.requestedEnvironmentId };
}

/** The items of a batch as parallel columns, and their links flattened, each with its item's ordinal (from 1). */
interface BatchValues extends ItemLinkColumns {
  spaceIds: string[];
  environmentIds: string[];
  ids: string[];
  contentTypeIds: string[];
  expectedVersions: number[];
  activationVersions: number[];
  userIds: string[];
  snapshotIds: Array<string | null>;
  snapshotCreatedBys: Array<string | null>;
  /** `publishBasis` of each item: its row version to find (null: none), and per link the type its target must have. */
  rowXmins: Array<string | null>;
  expectedTypes: Array<string | null>;
  /** The items' requested environment (`setsRequestedEnvironment`), null in the statement without it. */
  requestedEnvironmentId: string | null;
}

/** publishWrite's columns, each row by its own item's user. */
const setPublished = sql.join(
  Object.entries(publishedColumns(sql.ref('i.user_id'))).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
);

/**
 * The publish of entries, one statement and one text whatever their number (one, alone or in a transaction, or a
 * batch). The content types are share locked first, all of them and in key order (the count, a one-time filter of
 * the update, reads them all before any entry is written), so concurrent batches take them in one order; a publish
 * in a transaction that already holds the lock (the domain's locked publish) takes it again at no cost. Each entry is
 * written, and its links and snapshot with it, only if its own conditions hold.
 */
const publishBatch = compiledOnEitherPath(
  (onPath) => (v: BatchValues) => sql`with items as (
    select * from unnest(${v.spaceIds}::text[], ${v.environmentIds}::text[], ${v.ids}::text[], ${v.contentTypeIds}::text[],
      ${v.expectedVersions}::int[], ${v.activationVersions}::int[], ${v.userIds}::text[], ${v.snapshotIds}::text[], ${v.snapshotCreatedBys}::text[],
      ${v.rowXmins}::text[])
      with ordinality as i(space_id, environment_id, entry_id, content_type_id, expected_version, activation_version, user_id,
        snapshot_id, snapshot_created_by, row_xmin, item)),
  locked_types as (
    select t.space_id, t.environment_id, t.id, t.published_version from content_types as t
    where (t.space_id, t.environment_id, t.id) in (select space_id, environment_id, content_type_id from items)
    order by t.space_id, t.environment_id, t.id for share of t),
  w as (
    update entries as e set ${setPublished}
    from items as i join locked_types as t on t.space_id = i.space_id and t.environment_id = i.environment_id and t.id = i.content_type_id
    where (select count(*) from locked_types) > 0
      and e.space_id = i.space_id and e.environment_id = i.environment_id and e.id = i.entry_id
      and e.version = i.expected_version and e.archived_version is null and t.published_version = i.activation_version
      and ${basisHolds(
        sql`e`,
        sql`i.row_xmin`,
        sql`unnest(${v.linkItems}::int[], ${v.targetIds}::text[], ${v.expectedTypes}::text[])
        as c(item, target_id, expected_type)`,
        sql`c.item = i.item`,
        sql`i.space_id`,
        sql`i.environment_id`,
      )}
    returning e.*, i.item::int as batch_item, i.snapshot_id as batch_snapshot_id, i.snapshot_created_by as batch_snapshot_created_by),
  links_new as (
    select w.space_id, w.environment_id, w.id as source_id, n.field_id, n.locale, n.position, n.target_type, n.target_id
    from unnest(${v.linkItems}::int[], ${v.fieldIds}::text[], ${v.locales}::text[], ${v.positions}::int[], ${v.targetTypes}::text[], ${v.targetIds}::text[])
      as n(item, field_id, locale, position, target_type, target_id)
    join w on w.batch_item = n.item),
  ${linkStateCtes('published', sql`w`)},
  snapshot_put as (${insertSnapshots(
    sql`select w.space_id, w.environment_id, w.batch_snapshot_id, 'Entry', w.id, ${entrySnapshotJson('w')}, w.batch_snapshot_created_by
    from w where w.batch_snapshot_id is not null`,
  )})
  select * from w ${setsRequestedEnvironment(onPath, v.requestedEnvironmentId)}`,
);

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Publishes entries as validated (`EntriesRepository.publishValidated`) in one statement: the same rows, links,
 * snapshots and search values as running them one by one, each answering its entry as published, or undefined when nothing was written for it. An entry named again
 * in the same call answers undefined (the first naming it may publish). Items are bound in key order, which is the
 * order the entries are written in when the plan follows them. An item with a remembered basis is written only if
 * that still holds (`basisHolds`). The items share one requested environment.
 */
export async function publishEntries(db: Executor, items: PublishItem[]): Promise<Array<EntryRecord | undefined>> {
  const answers: Array<EntryRecord | undefined> = items.map(() => undefined);
  const firsts = firstOfEachKey(items, (p) => keyOf(p.spaceId, p.environmentId, p.id));
  if (firsts.length === 0) return answers;
  firsts.sort(byKey);

  const v: BatchValues = {
    spaceIds: [],
    environmentIds: [],
    ids: [],
    contentTypeIds: [],
    expectedVersions: [],
    activationVersions: [],
    userIds: [],
    snapshotIds: [],
    snapshotCreatedBys: [],
    rowXmins: [],
    expectedTypes: [],
    linkItems: [],
    fieldIds: [],
    locales: [],
    positions: [],
    targetTypes: [],
    targetIds: [],
    requestedEnvironmentId: requestedEnvironmentOf(firsts.map((f) => f.item)),
  };
  firsts.forEach(({ item: p }, index) => {
    v.spaceIds.push(p.spaceId);
    v.environmentIds.push(p.environmentId);
    v.ids.push(p.id);
    v.contentTypeIds.push(p.contentTypeId);
    v.expectedVersions.push(p.expectedVersion);
    v.activationVersions.push(p.activationVersion);
    v.userIds.push(p.userId);
    v.snapshotIds.push(p.snapshot?.id ?? null);
    v.snapshotCreatedBys.push(p.snapshot?.createdBy ?? null);
    const links = linkColumns(p.links);
    const basis = publishBasis(p.basis, links);
    v.rowXmins.push(basis.rowXmin);
    v.expectedTypes.push(...basis.expectedTypes);
    appendLinks(v, links, index + 1);
  });
  const { rows } = await publishBatch(db, v);
  for (const row of rows) answers[firsts[row.batch_item - 1]!.at] = toEntry(row);
  return answers;
}

/** One publish alone (a lone item of the batcher, or a publish in a transaction). */
export async function publishEntry(db: Executor, item: PublishItem): Promise<EntryRecord | undefined> {
  return (await publishEntries(db, [item]))[0];
}
