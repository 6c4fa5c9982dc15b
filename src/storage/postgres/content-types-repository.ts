import { sql } from 'kysely';
import type { ContentTypeDefinition } from '../../domain/content-model/field.ts';
import type {
  ActivationWrite,
  ContentTypeOrderKey,
  ContentTypeRecord,
  ContentTypesRepository,
} from '../port/content-types.ts';
import type { LocalizedFields } from '../port/content.ts';
import { filtered, millis, paged, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';

export const toContentType = (r: any): ContentTypeRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  id: r.id,
  name: r.name,
  description: r.description,
  displayField: r.display_field,
  fields: r.fields ?? [],
  published: r.published ? { ...(r.published as ContentTypeDefinition), id: r.id } : null,
  version: r.version,
  publishedVersion: r.published_version,
  publishedCounter: r.published_counter,
  publishedAt: r.published_at,
  publishedBy: r.published_by,
  firstPublishedAt: r.first_published_at,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const AUDIT = {
  createdAt: millis('created_at'),
  updatedAt: millis('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};
const PUBLISHING = {
  publishedVersion: 'published_version',
  publishedCounter: 'published_counter',
  publishedAt: millis('published_at'),
  firstPublishedAt: millis('first_published_at'),
  publishedBy: 'published_by',
};
const DRAFT_COLUMNS: CollectionColumns<ContentTypeOrderKey> = { ...AUDIT, ...PUBLISHING, id: 'id', name: 'name' };
/** The activated list answers the activated name. */
const ACTIVATED_COLUMNS: CollectionColumns<ContentTypeOrderKey> = { ...DRAFT_COLUMNS, name: sql`published ->> 'name'` };

/** The stored activated definition: without the id, which is the row's. */
const storedDefinition = ({ id: _id, ...definition }: ContentTypeDefinition) => JSON.stringify(definition);

/** A jsonb expression with key `from` moved to `to` (unchanged when `from` is absent). */
const moveKey = (column: 'fields' | 'published_fields', from: string, to: string) =>
  sql`case when ${sql.ref(column)} -> ${from} is null then ${sql.ref(column)} else (${sql.ref(column)} - ${from}) || jsonb_build_object(${to}::text, ${sql.ref(column)} -> ${from}) end`;

export function contentTypesRepository(db: Executor): ContentTypesRepository {
  const inEnvironment = (spaceId: string, environmentId: string) =>
    db.selectFrom('content_types').where('space_id', '=', spaceId).where('environment_id', '=', environmentId);
  const row = (spaceId: string, environmentId: string, id: string) =>
    db
      .updateTable('content_types')
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environmentId)
      .where('id', '=', id);
  const entriesOf = (spaceId: string, environmentId: string, id: string) =>
    db
      .updateTable('entries')
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environmentId)
      .where('content_type_id', '=', id);
  const linksOf = (spaceId: string, environmentId: string, id: string) =>
    db
      .updateTable('entry_links')
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environmentId)
      .where(
        'source_id',
        'in',
        db
          .selectFrom('entries')
          .select('id')
          .where('space_id', '=', spaceId)
          .where('environment_id', '=', environmentId)
          .where('content_type_id', '=', id),
      );

  /** Renames entry keys in two passes through temporary keys, so swaps (a -> b, b -> a) work. */
  async function renameEntryKeys(
    spaceId: string,
    environmentId: string,
    id: string,
    renames: Array<[string, string]>,
  ): Promise<void> {
    const passes = [
      renames.map(([from], i) => [from, `__rename_${i}`]),
      renames.map(([, to], i) => [`__rename_${i}`, to]),
    ];
    for (const pass of passes) {
      for (const [from, to] of pass) {
        await entriesOf(spaceId, environmentId, id)
          .set({
            fields: moveKey('fields', from!, to!) as never,
            published_fields: moveKey('published_fields', from!, to!) as never,
          })
          .where(sql<boolean>`(fields -> ${from} is not null or published_fields -> ${from} is not null)`)
          .execute();
        await linksOf(spaceId, environmentId, id).set({ field_id: to! }).where('field_id', '=', from!).execute();
      }
    }
  }

  async function removeEntryKeys(
    spaceId: string,
    environmentId: string,
    id: string,
    fieldIds: string[],
  ): Promise<void> {
    const keys = sql`${sql.val(fieldIds)}::text[]`;
    await entriesOf(spaceId, environmentId, id)
      .set({ fields: sql`fields - ${keys}` as never, published_fields: sql`published_fields - ${keys}` as never })
      .where(sql<boolean>`(fields - ${keys} <> fields or published_fields - ${keys} <> published_fields)`)
      .execute();
    await db
      .deleteFrom('entry_links')
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environmentId)
      .where('field_id', 'in', fieldIds)
      .where(
        'source_id',
        'in',
        db
          .selectFrom('entries')
          .select('id')
          .where('space_id', '=', spaceId)
          .where('environment_id', '=', environmentId)
          .where('content_type_id', '=', id),
      )
      .execute();
  }

  return {
    async find(spaceId, environmentId, id) {
      const found = await inEnvironment(spaceId, environmentId).selectAll().where('id', '=', id).executeTakeFirst();
      return found && toContentType(found);
    },
    async page(spaceId, environmentId, page, options = {}) {
      const columns = options.activatedOnly ? ACTIVATED_COLUMNS : DRAFT_COLUMNS;
      const all = options.activatedOnly
        ? inEnvironment(spaceId, environmentId).where('published', 'is not', null)
        : inEnvironment(spaceId, environmentId);
      const base = filtered(all, page, columns);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, columns, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toContentType), total: count.n };
    },
    async insert(c) {
      const inserted = await db
        .insertInto('content_types')
        .values({
          space_id: c.spaceId,
          environment_id: c.environmentId,
          id: c.id,
          name: c.definition.name,
          description: c.definition.description,
          display_field: c.definition.displayField,
          fields: JSON.stringify(c.definition.fields),
          created_by: c.createdBy,
          updated_by: c.createdBy,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      return inserted && toContentType(inserted);
    },
    async update(spaceId, environmentId, id, d, expectedVersion, userId) {
      const updated = await row(spaceId, environmentId, id)
        .set({
          name: d.name,
          description: d.description,
          display_field: d.displayField,
          fields: JSON.stringify(d.fields),
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      return updated && toContentType(updated);
    },
    async activate(spaceId, environmentId, id, expectedVersion, write: ActivationWrite, userId) {
      const d = write.definition;
      const updated = await row(spaceId, environmentId, id)
        .set({
          name: d.name,
          description: d.description,
          display_field: d.displayField,
          fields: JSON.stringify(d.fields),
          published: storedDefinition(d),
          published_version: sql`version`,
          published_counter: sql`published_counter + 1`,
          published_at: sql`now()`,
          published_by: userId,
          first_published_at: sql`coalesce(first_published_at, now())`,
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return undefined;
      if (write.removedFieldIds.length) await removeEntryKeys(spaceId, environmentId, id, write.removedFieldIds);
      if (write.renames.length) await renameEntryKeys(spaceId, environmentId, id, write.renames);
      return toContentType(updated);
    },
    async deactivate(spaceId, environmentId, id, userId) {
      const updated = await row(spaceId, environmentId, id)
        .set({
          published: null,
          published_version: null,
          published_at: null,
          published_by: null,
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('published', 'is not', null)
        .returningAll()
        .executeTakeFirst();
      return updated && toContentType(updated);
    },
    async lock(spaceId, environmentId, id) {
      const locked = await inEnvironment(spaceId, environmentId)
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return locked && toContentType(locked);
    },
    async lockShared(spaceId, environmentId, id) {
      const locked = await inEnvironment(spaceId, environmentId)
        .selectAll()
        .where('id', '=', id)
        .forShare()
        .executeTakeFirst();
      return locked && toContentType(locked);
    },
    async hasEntries(spaceId, environmentId, id) {
      const found = await db
        .selectFrom('entries')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('content_type_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },
    async publishedEntryFields(spaceId, environmentId, id, fieldIds, afterId, limit) {
      let query = db
        .selectFrom('entries')
        .select([
          'id',
          sql<LocalizedFields>`coalesce((select jsonb_object_agg(key, value) from jsonb_each(published_fields) where key = any(${sql.val(fieldIds)}::text[])), '{}'::jsonb)`.as(
            'fields',
          ),
        ])
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('content_type_id', '=', id)
        .where('published_fields', 'is not', null);
      if (afterId !== null) query = query.where('id', '>', afterId);
      return query.orderBy('id').limit(limit).execute();
    },
    async delete(spaceId, environmentId, id) {
      const deleted = await db
        .deleteFrom('content_types')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return deleted !== undefined;
    },
  };
}
