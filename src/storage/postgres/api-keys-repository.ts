import { sql } from 'kysely';
import type { ApiKeyOrderKey, ApiKeyRecord, ApiKeysRepository } from '../port/api-keys.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';

/** API keys present their timestamps in whole seconds. */
const COLUMNS: CollectionColumns<ApiKeyOrderKey> = {
  createdAt: seconds('created_at'),
  updatedAt: seconds('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
  name: 'name',
  description: 'description',
  id: 'id',
  previewId: 'preview_key_id',
};

const toApiKey = (r: any, environmentIds: string[]): ApiKeyRecord => ({
  spaceId: r.space_id,
  id: r.id,
  name: r.name,
  description: r.description,
  accessToken: r.access_token,
  previewKeyId: r.preview_key_id,
  previewAccessToken: r.preview_access_token,
  version: r.version,
  environmentIds,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function apiKeysRepository(db: Executor): ApiKeysRepository {
  /** The environment ids of each key, in their stored order. */
  async function environmentsOf(spaceId: string, keyIds: string[]): Promise<Map<string, string[]>> {
    const byKey = new Map<string, string[]>(keyIds.map((id) => [id, []]));
    if (keyIds.length === 0) return byKey;
    const rows = await db
      .selectFrom('api_key_environments')
      .select(['api_key_id', 'environment_id'])
      .where('space_id', '=', spaceId)
      .where('api_key_id', 'in', keyIds)
      .orderBy('position')
      .execute();
    for (const row of rows) byKey.get(row.api_key_id)?.push(row.environment_id);
    return byKey;
  }

  async function withEnvironments(row: any | undefined): Promise<ApiKeyRecord | undefined> {
    if (!row) return undefined;
    return toApiKey(row, (await environmentsOf(row.space_id, [row.id])).get(row.id) ?? []);
  }

  async function replaceEnvironments(spaceId: string, keyId: string, environmentIds: string[]): Promise<void> {
    await db
      .deleteFrom('api_key_environments')
      .where('space_id', '=', spaceId)
      .where('api_key_id', '=', keyId)
      .execute();
    if (environmentIds.length === 0) return;
    await db
      .insertInto('api_key_environments')
      .values(
        environmentIds.map((environmentId, position) => ({
          space_id: spaceId,
          api_key_id: keyId,
          environment_id: environmentId,
          position,
        })),
      )
      .execute();
  }

  const keys = (spaceId: string) => db.selectFrom('api_keys').where('space_id', '=', spaceId);

  return {
    async insert(k) {
      const row = await db
        .insertInto('api_keys')
        .values({
          space_id: k.spaceId,
          id: k.id,
          name: k.name,
          description: k.description,
          access_token: k.accessToken,
          preview_key_id: k.previewKeyId,
          preview_access_token: k.previewAccessToken,
          created_by: k.createdBy,
          updated_by: k.createdBy,
        })
        .onConflict((oc) => oc.columns(['space_id', 'id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await replaceEnvironments(k.spaceId, k.id, k.environmentIds);
      return toApiKey(row, k.environmentIds);
    },
    async page(spaceId, page) {
      const base = filtered(keys(spaceId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const environments = await environmentsOf(
        spaceId,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => toApiKey(r, environments.get(r.id) ?? [])), total: count.n };
    },
    async find(spaceId, id) {
      return withEnvironments(await keys(spaceId).selectAll().where('id', '=', id).executeTakeFirst());
    },
    async findByPreviewId(spaceId, previewKeyId) {
      return withEnvironments(
        await keys(spaceId).selectAll().where('preview_key_id', '=', previewKeyId).executeTakeFirst(),
      );
    },
    async update(spaceId, id, c, expectedVersion, userId) {
      const row = await db
        .updateTable('api_keys')
        .set({
          name: c.name,
          description: c.description,
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await replaceEnvironments(spaceId, id, c.environmentIds);
      return toApiKey(row, c.environmentIds);
    },
    async delete(spaceId, id) {
      const result = await db
        .deleteFrom('api_keys')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async findGrant(token) {
      const row = await db
        .selectFrom('api_keys')
        .select(['space_id', 'id', 'preview_key_id', 'access_token'])
        .where((eb) => eb.or([eb('access_token', '=', token), eb('preview_access_token', '=', token)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const preview = row.access_token !== token;
      const environmentIds = (await environmentsOf(row.space_id, [row.id])).get(row.id) ?? [];
      return {
        spaceId: row.space_id,
        keyId: preview ? row.preview_key_id : row.id,
        kind: preview ? ('preview' as const) : ('delivery' as const),
        environmentIds,
      };
    },
  };
}
