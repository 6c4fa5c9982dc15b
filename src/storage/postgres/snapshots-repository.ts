import { sql } from 'kysely';
import type { SnapshotRecord, SnapshotsRepository } from '../port/entries.ts';
import type { Executor } from './executor.ts';
import type { Sql } from './search/sql-values.ts';

const toSnapshot = (r: any): SnapshotRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  id: r.id,
  entityType: r.entity_type,
  entityId: r.entity_id,
  snapshot: r.snapshot,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

/** A timestamp column as the type parsers read it (`toIso`: UTC, milliseconds truncated). */
const iso = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The snapshot of the entry row `alias` (e.g. one a statement has just written), built in SQL as the JSON of the
 * record the repository would read (`toEntry`), so a publish can record it in the statement that writes the row.
 */
export function entrySnapshotJson(alias: string): Sql {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  return sql`jsonb_build_object('spaceId', ${c('space_id')}, 'environmentId', ${c('environment_id')}, 'id', ${c('id')},
    'fields', ${c('fields')}, 'tags', to_jsonb(${c('tags')}), 'publishedFields', ${c('published_fields')}, 'publishedTags', to_jsonb(${c('published_tags')}),
    'version', ${c('version')}, 'publishedVersion', ${c('published_version')}, 'publishedCounter', ${c('published_counter')},
    'publishedAt', ${iso(`${alias}.published_at`)}, 'publishedBy', ${c('published_by')}, 'firstPublishedAt', ${iso(`${alias}.first_published_at`)},
    'archivedVersion', ${c('archived_version')}, 'archivedAt', ${iso(`${alias}.archived_at`)}, 'archivedBy', ${c('archived_by')},
    'createdBy', ${c('created_by')}, 'updatedBy', ${c('updated_by')}, 'createdAt', ${iso(`${alias}.created_at`)}, 'updatedAt', ${iso(`${alias}.updated_at`)},
    'contentTypeId', ${c('content_type_id')})`;
}

/**
 * The insert of snapshots, the only one: `rows` are `values` or a `select` of (space, environment, id, entity type,
 * entity id, snapshot JSON, created by). A content type's activation records its snapshot through the repository; a
 * publish of entries records theirs in its statement, built by `entrySnapshotJson`.
 */
export function insertSnapshots(rows: Sql): Sql {
  return sql`insert into snapshots (space_id, environment_id, id, entity_type, entity_id, snapshot, created_by) ${rows}`;
}

export function snapshotsRepository(db: Executor): SnapshotsRepository {
  const ofEntity = (
    spaceId: string,
    environmentId: string,
    entityType: SnapshotRecord['entityType'],
    entityId: string,
  ) =>
    db
      .selectFrom('snapshots')
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environmentId)
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', entityId);

  return {
    async insert(s) {
      const { rows } = await sql`${insertSnapshots(
        sql`values (${s.spaceId}::text, ${s.environmentId}::text, ${s.id}::text, ${s.entityType}::text, ${s.entityId}::text,
          ${JSON.stringify(s.snapshot)}::jsonb, ${s.createdBy}::text)`,
      )} returning *`.execute(db);
      return toSnapshot(rows[0]);
    },
    async page(spaceId, environmentId, entityType, entityId, page) {
      const [rows, count] = await Promise.all([
        ofEntity(spaceId, environmentId, entityType, entityId)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(page.skip)
          .limit(page.limit)
          .execute(),
        ofEntity(spaceId, environmentId, entityType, entityId)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSnapshot), total: count.n };
    },
    async find(spaceId, environmentId, entityType, entityId, id) {
      const row = await ofEntity(spaceId, environmentId, entityType, entityId)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toSnapshot(row) : undefined;
    },
    async deleteFor(spaceId, environmentId, entityType, entityId) {
      await db
        .deleteFrom('snapshots')
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('entity_type', '=', entityType)
        .where('entity_id', '=', entityId)
        .execute();
    },
  };
}
