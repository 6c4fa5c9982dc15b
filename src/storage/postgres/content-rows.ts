import { sql } from 'kysely';
import type { ContentRecord, EntryRecord } from '../port/content.ts';
import type { ContentLifecycle } from '../port/entries.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';

/** The tables of entries and assets: the same lifecycle columns, entries add `content_type_id`. */
export type ContentTable = 'entries' | 'assets';

export const toContent = (r: any): ContentRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  id: r.id,
  fields: r.fields,
  tags: r.tags,
  publishedFields: r.published_fields,
  publishedTags: r.published_tags,
  version: r.version,
  publishedVersion: r.published_version,
  publishedCounter: r.published_counter,
  publishedAt: r.published_at,
  publishedBy: r.published_by,
  firstPublishedAt: r.first_published_at,
  archivedVersion: r.archived_version,
  archivedAt: r.archived_at,
  archivedBy: r.archived_by,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toEntry = (r: any): EntryRecord => ({ ...toContent(r), contentTypeId: r.content_type_id });

type RowKey = { spaceId: string; environmentId: string; id: string };

/** One row by its key, compiled once per table (read for every entry and asset request). */
const findRowOf = (table: ContentTable) =>
  compiledOnce((k: RowKey, db: Executor) =>
    db
      .selectFrom(table as 'entries')
      .selectAll()
      .where('space_id', '=', k.spaceId)
      .where('environment_id', '=', k.environmentId)
      .where('id', '=', k.id),
  );
const findRow = { entries: findRowOf('entries'), assets: findRowOf('assets') };

/**
 * The conditional writes of entries and assets. Every write is one `update ... where <condition> returning *`,
 * so the version check and the state check are atomic with the change; no row means "missing or refused".
 */
export function contentLifecycle<R extends ContentRecord>(
  db: Executor,
  table: ContentTable,
  toRecord: (row: any) => R,
): ContentLifecycle<R> {
  // Both tables have every column used here; typing them as `entries` keeps the query builder checked.
  const t = table as 'entries';
  const written = (userId: string | null) => ({
    version: sql<number>`version + 1`,
    updated_by: userId,
    updated_at: sql<string>`now()`,
  });
  const change = (
    spaceId: string,
    environmentId: string,
    id: string,
    set: Record<string, unknown>,
    userId: string | null,
  ) =>
    db
      .updateTable(t)
      .set({ ...written(userId), ...set } as never)
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environmentId)
      .where('id', '=', id);
  const one = async (query: { returningAll: () => { executeTakeFirst: () => Promise<unknown> } }) => {
    const row = await query.returningAll().executeTakeFirst();
    return row ? toRecord(row) : undefined;
  };

  return {
    async find(spaceId, environmentId, id) {
      const { rows } = await findRow[table](db, { spaceId, environmentId, id });
      return rows[0] ? toRecord(rows[0]) : undefined;
    },
    update(spaceId, environmentId, id, draft, expectedVersion, userId) {
      return one(
        change(spaceId, environmentId, id, { fields: JSON.stringify(draft.fields), tags: draft.tags }, userId).where(
          'version',
          '=',
          expectedVersion,
        ),
      );
    },
    publish(spaceId, environmentId, id, expectedVersion, userId) {
      return one(publishWrite(db, table, spaceId, environmentId, id, expectedVersion, userId));
    },
    unpublish(spaceId, environmentId, id, userId) {
      return one(
        change(
          spaceId,
          environmentId,
          id,
          {
            published_fields: null,
            published_tags: null,
            published_version: null,
            published_at: null,
            published_by: null,
          },
          userId,
        ).where('published_version', 'is not', null),
      );
    },
    archive(spaceId, environmentId, id, expectedVersion, userId) {
      let query = change(
        spaceId,
        environmentId,
        id,
        { archived_version: sql`version`, archived_at: sql`now()`, archived_by: userId },
        userId,
      )
        .where('published_version', 'is', null)
        .where('archived_version', 'is', null);
      if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
      return one(query);
    },
    unarchive(spaceId, environmentId, id, expectedVersion, userId) {
      let query = change(
        spaceId,
        environmentId,
        id,
        { archived_version: null, archived_at: null, archived_by: null },
        userId,
      ).where('archived_version', 'is not', null);
      if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
      return one(query);
    },
    async delete(spaceId, environmentId, id) {
      const row = await db
        .deleteFrom(t)
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', '=', id)
        .where('published_version', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async unknownTags(spaceId, environmentId, tagIds) {
      if (tagIds.length === 0) return [];
      const rows = await db
        .selectFrom('tags')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', 'in', tagIds)
        .forShare()
        .execute();
      const known = new Set(rows.map((r) => r.id));
      return tagIds.filter((id) => !known.has(id));
    },
  };
}

/**
 * The columns a publish sets, the draft copied to the published side, by `userId` (a value, or an expression of a
 * statement that publishes several rows). Their expressions name the written row's columns unqualified.
 */
export const publishedColumns = (userId: unknown) => ({
  version: sql<number>`version + 1`,
  updated_by: userId,
  updated_at: sql<string>`now()`,
  published_fields: sql`fields`,
  published_tags: sql`tags`,
  published_version: sql`version`,
  published_counter: sql`published_counter + 1`,
  published_at: sql`now()`,
  published_by: userId,
  first_published_at: sql`coalesce(first_published_at, now())`,
});

/** The conditional publish of one row (without `returning`): the draft copied to the published side, at `expectedVersion`, not archived. */
function publishWrite(
  db: Executor,
  table: ContentTable,
  spaceId: string,
  environmentId: string,
  id: string,
  expectedVersion: number,
  userId: string | null,
) {
  return db
    .updateTable(table as 'entries')
    .set(publishedColumns(userId) as never)
    .where('space_id', '=', spaceId)
    .where('environment_id', '=', environmentId)
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .where('archived_version', 'is', null);
}

/** Inserts a new row at version 1; undefined when the id is taken. */
export async function insertContent(
  db: Executor,
  table: ContentTable,
  values: Record<string, unknown>,
): Promise<unknown> {
  return db
    .insertInto(table as 'entries')
    .values(values as never)
    .onConflict((oc) => oc.columns(['space_id', 'environment_id', 'id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}
