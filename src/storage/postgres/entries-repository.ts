import { sql, type RawBuilder } from 'kysely';
import type { EntryRecord } from '../port/content.ts';
import type { AtOncePublish, EntriesRepository, ValidationLookups } from '../port/entries.ts';
import { contentLifecycle, publishWrite, toContent } from './content-rows.ts';
import {
  createdLinksCte,
  linkColumns,
  replaceEntryLinks,
  replaceLinksCtes,
  unnestLinks,
  type LinkColumns,
} from './entry-links.ts';
import type { EntryInsert } from './entry-insert-batch.ts';
import type { EntryBatches } from './entry-batches.ts';
import { entryTargetsOf, findLinkedEntries, linkTargetsReadWith, rememberLinkTargets } from './entry-read-batch.ts';
import { basisHolds, publishBasis, rememberedEntries } from './remembered-entries.ts';
import {
  compiledOnEitherPath,
  setsRequestedEnvironment,
  type OnRequestedEnvironment,
} from './requested-environment.ts';
import { entrySnapshotJson } from './snapshots-repository.ts';
import type { Executor } from './executor.ts';

export const toEntry = (r: any): EntryRecord => ({ ...toContent(r), contentTypeId: r.content_type_id });

type AssetFileFacts = { contentType?: string; size?: number; width?: number; height?: number };

const numberOrUndefined = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** What asset validations check of each locale's file: MIME type, size and image dimensions. */
function fileFacts(file: unknown): Record<string, AssetFileFacts> {
  const facts: Record<string, AssetFileFacts> = {};
  if (typeof file !== 'object' || file === null) return facts;
  for (const [locale, value] of Object.entries(file as Record<string, any>)) {
    if (typeof value !== 'object' || value === null) continue;
    facts[locale] = {
      contentType: typeof value.contentType === 'string' ? value.contentType : undefined,
      size: numberOrUndefined(value.details?.size),
      width: numberOrUndefined(value.details?.image?.width),
      height: numberOrUndefined(value.details?.image?.height),
    };
  }
  return facts;
}

/**
 * Publish-time validation's questions, answered with one query each (ids in batches). Outside transactions, entries
 * that `entry` links to are answered from what was read with it when every one asked was (entry-read-batch.ts); a
 * transaction asks its own snapshot.
 */
function lookups(
  db: Executor,
  spaceId: string,
  environmentId: string,
  batches: EntryBatches | undefined,
  entry: EntryRecord | undefined,
): ValidationLookups {
  return {
    async entries(ids) {
      if (ids.length === 0) return new Map();
      const readWith = batches && entry && linkTargetsReadWith(entry);
      if (readWith && ids.every((id) => readWith.has(id))) {
        return new Map(
          ids.flatMap((id) => {
            const target = readWith.get(id);
            return target ? [[id, target] as const] : [];
          }),
        );
      }
      return batches
        ? batches.linkedEntries({ spaceId, environmentId, ids })
        : findLinkedEntries(db, { spaceId, environmentId, ids });
    },
    async assets(ids) {
      const found = new Map<string, { published: boolean; files: Record<string, AssetFileFacts> }>();
      if (ids.length === 0) return found;
      // The published file is what delivery serves; a draft asset is judged by its draft file.
      const rows = await db
        .selectFrom('assets')
        .select(['id', 'published_version', sql<unknown>`coalesce(published_fields, fields) -> 'file'`.as('file')])
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', 'in', [...new Set(ids)])
        .execute();
      for (const r of rows) found.set(r.id, { published: r.published_version !== null, files: fileFacts(r.file) });
      return found;
    },
    async uniqueTaken(contentTypeId, fieldId, locale, value, exceptEntryId) {
      const row = await db
        .selectFrom('entries')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('content_type_id', '=', contentTypeId)
        .where('id', '<>', exceptEntryId)
        .where('published_fields', 'is not', null)
        .where(sql<boolean>`published_fields -> ${fieldId} -> ${locale} = ${JSON.stringify(value)}::jsonb`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/**
 * One statement: the row and the draft's rows of the link index (written only when the row is); the row comes back
 * with its `xmin` and what its links point to, as the batched insert answers it.
 */
const insertEntry = compiledOnEitherPath(
  (onPath) => (e: EntryInsert) => sql`with e as (
    insert into entries (space_id, environment_id, id, content_type_id, fields, tags, created_by, updated_by)
    values (${e.spaceId}::text, ${e.environmentId}::text, ${e.id}::text, ${e.contentTypeId}::text, ${e.fields}::jsonb,
      ${e.tags}::text[], ${e.createdBy}::text, ${e.createdBy}::text)
    on conflict (space_id, environment_id, id) do nothing returning *, xmin::text as row_xmin),
  ${createdLinksCte(e.spaceId, e.environmentId, e.id, 'draft', unnestLinks(e), sql`e`)}
  select e.*, ${entryTargetsOf(sql`(select * from ${unnestLinks(e)}) as l`, sql`true`)} as draft_link_targets
  from e ${setsRequestedEnvironment(onPath, e.requestedEnvironmentId)}`,
);

/** Inserts one entry alone: its row, undefined when the id is taken. */
export const insertOne = async (db: Executor, e: EntryInsert): Promise<Record<string, unknown> | undefined> =>
  (await insertEntry(db, e)).rows[0];

interface PublishValues extends LinkColumns, OnRequestedEnvironment {
  spaceId: string;
  environmentId: string;
  id: string;
  contentTypeId: string;
  expectedVersion: number;
  activationVersion: number;
  userId: string | null;
  snapshotId: string | null;
  snapshotCreatedBy: string | null;
  /** `publishBasis`: the row version to find, and per link the content type its target entry must still have. */
  rowXmin: string | null;
  expectedTypes: Array<string | null>;
}

/**
 * The whole publish in one statement. The share lock on the content type is the one the publishing transaction takes
 * first (see the domain): an activation that changed the published version meanwhile makes the update write nothing,
 * and so does a change of what a remembered basis claimed (`basisHolds`).
 */
const publishStatement = (withSnapshot: boolean) =>
  compiledOnEitherPath((onPath) => (p: PublishValues, db: Executor) => {
    const { spaceId, environmentId, id } = p;
    const written = publishWrite(db, 'entries', spaceId, environmentId, id, p.expectedVersion, p.userId)
      .where(sql<number>`(select published_version from locked_type)`, '=', p.activationVersion)
      .where(
        basisHolds(
          sql`entries`,
          sql`${p.rowXmin}::text`,
          sql`unnest(${p.targetIds}::text[], ${p.expectedTypes}::text[]) as c(target_id, expected_type)`,
          sql`true`,
          sql`${spaceId}::text`,
          sql`${environmentId}::text`,
        ) as RawBuilder<boolean>,
      )
      .returningAll();
    const snapshot = withSnapshot
      ? sql`, snapshot_put as (insert into snapshots (space_id, environment_id, id, entity_type, entity_id, snapshot, created_by)
        select w.space_id, w.environment_id, ${p.snapshotId}::text, 'Entry', w.id, ${entrySnapshotJson('w')}, ${p.snapshotCreatedBy}::text from w)`
      : sql``;
    return sql`with locked_type as (
      select published_version from content_types
      where space_id = ${spaceId}::text and environment_id = ${environmentId}::text and id = ${p.contentTypeId}::text for share),
    w as (${written}),
    ${replaceLinksCtes(spaceId, environmentId, id, 'published', unnestLinks(p), sql`w`)}
    ${snapshot}
    select * from w ${setsRequestedEnvironment(onPath, p.requestedEnvironmentId)}`;
  });
const publishWithSnapshot = publishStatement(true);
const publishWithoutSnapshot = publishStatement(false);

/** One at-once publish alone (see EntriesRepository.publishAtOnce). */
export async function publishOne(db: Executor, p: AtOncePublish): Promise<EntryRecord | undefined> {
  const links = linkColumns(p.links);
  const values: PublishValues = {
    spaceId: p.spaceId,
    environmentId: p.environmentId,
    id: p.id,
    contentTypeId: p.contentTypeId,
    expectedVersion: p.expectedVersion,
    activationVersion: p.activationVersion,
    userId: p.userId,
    ...links,
    ...publishBasis(p.basis, links),
    snapshotId: p.snapshot?.id ?? null,
    snapshotCreatedBy: p.snapshot?.createdBy ?? null,
    requestedEnvironmentId: p.requestedEnvironmentId,
  };
  const { rows } = await (p.snapshot ? publishWithSnapshot : publishWithoutSnapshot)(db, values);
  return rows[0] ? toEntry(rows[0]) : undefined;
}

/**
 * `batches`: outside transactions, concurrent writes go to the database together (entry-batches.ts), and the entries
 * created are remembered for the publish that may follow (remembered-entries.ts).
 */
export function entriesRepository(db: Executor, batches?: EntryBatches): EntriesRepository {
  const lifecycle = contentLifecycle(db, 'entries', toEntry);
  const created = batches ? rememberedEntries() : undefined;
  return {
    ...lifecycle,
    find: batches ? (spaceId, environmentId, id) => batches.find({ spaceId, environmentId, id }) : lifecycle.find,
    async lockContentTypePublishing(spaceId, environmentId, contentTypeId) {
      await sql`select pg_advisory_xact_lock(hashtext(${`publish:${spaceId}:${environmentId}:${contentTypeId}`}))`.execute(
        db,
      );
    },
    async insert(e, links) {
      const values: EntryInsert = {
        spaceId: e.spaceId,
        environmentId: e.environmentId,
        id: e.id,
        contentTypeId: e.contentTypeId,
        fields: JSON.stringify(e.fields),
        tags: e.tags,
        createdBy: e.createdBy,
        ...linkColumns(links ?? null),
        requestedEnvironmentId: e.requestedEnvironmentId,
      };
      const row = await (batches ? batches.insert(values) : insertOne(db, values));
      if (!row) return undefined;
      const record = toEntry(row);
      rememberLinkTargets(record, row);
      created?.remember(record, row);
      return record;
    },
    remembered: (spaceId, environmentId, id, version) => created?.find(spaceId, environmentId, id, version),
    async publishAtOnce(p) {
      const published = await (batches ? batches.publish(p) : publishOne(db, p));
      if (published) created?.forget(p.spaceId, p.environmentId, p.id);
      return published;
    },
    replaceLinks: (spaceId, environmentId, entryId, state, fields, created) =>
      replaceEntryLinks(db, spaceId, environmentId, entryId, state, fields, created),
    validationLookups: (spaceId, environmentId, entry) => lookups(db, spaceId, environmentId, batches, entry),
  };
}
