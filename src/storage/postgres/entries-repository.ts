import { sql } from 'kysely';
import type { EntryRecord } from '../port/content.ts';
import type { EntriesRepository, ValidationLookups } from '../port/entries.ts';
import { contentLifecycle, toEntry } from './content-rows.ts';
import { createdLinksCte, linkColumns, replaceEntryLinks, unnestLinks } from './entry-links.ts';
import type { EntryInsert } from './entry-insert-batch.ts';
import type { EntryBatches } from './entry-batches.ts';
import { entryTargetsOf, findLinkedEntries, linkTargetsReadWith, rememberLinkTargets } from './entry-read-batch.ts';
import { publishEntry, publishItem } from './entry-publish.ts';
import { rememberedEntries } from './remembered-entries.ts';
import { compiledOnEitherPath, setsRequestedEnvironment } from './requested-environment.ts';
import type { Executor } from './executor.ts';

export { toEntry };

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

/**
 * `batches`: outside transactions, concurrent writes go to the database together (entry-batches.ts), and the entries
 * created are remembered for the publish that may follow (remembered-entries.ts).
 */
export function entriesRepository(db: Executor, batches?: EntryBatches): EntriesRepository {
  // Entries publish only as validated (`publishValidated`): the shared lifecycle's publish is not theirs.
  const { publish: _publish, ...lifecycle } = contentLifecycle(db, 'entries', toEntry);
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
        requestedEnvironmentId: e.change?.requestedEnvironmentId,
      };
      const row = await (batches ? batches.insert(values) : insertOne(db, values));
      if (!row) return undefined;
      const record = toEntry(row);
      rememberLinkTargets(record, row);
      created?.remember(record, row);
      return record;
    },
    writtenBasis: (spaceId, environmentId, id, version) => created?.find(spaceId, environmentId, id, version),
    async publishValidated(p) {
      const item = publishItem(p);
      const published = await (batches ? batches.publish(item) : publishEntry(db, item));
      if (published) created?.forget(p.spaceId, p.environmentId, p.id);
      return published;
    },
    replaceLinks: (spaceId, environmentId, entryId, state, fields, created) =>
      replaceEntryLinks(db, spaceId, environmentId, entryId, state, fields, created),
    validationLookups: (spaceId, environmentId, entry) => lookups(db, spaceId, environmentId, batches, entry),
  };
}
