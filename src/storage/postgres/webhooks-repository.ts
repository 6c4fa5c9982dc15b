import { sql } from 'kysely';
import type {
  WebhookDefinitionChanges,
  WebhookDefinitionOrderKey,
  WebhookDefinitionRecord,
  WebhookSigningSecretRecord,
  WebhooksRepository,
} from '../port/webhooks.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';

/** Webhook definitions present their timestamps in whole seconds. */
const COLUMNS: CollectionColumns<WebhookDefinitionOrderKey> = {
  createdAt: seconds('created_at'),
  updatedAt: seconds('updated_at'),
  version: 'version',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
  id: 'id',
  name: 'name',
  url: 'url',
  active: 'active',
};

/** Also maps the definitions the call log's delivery read joins (`webhook-calls-repository.ts`). */
export const toDefinition = (r: any): WebhookDefinitionRecord => ({
  spaceId: r.space_id,
  id: r.id,
  name: r.name,
  url: r.url,
  topics: r.topics,
  filters: r.filters,
  headers: r.headers,
  httpBasicUsername: r.http_basic_username,
  httpBasicPassword: r.http_basic_password,
  active: r.active,
  transformation: r.transformation,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toSecret = (r: any): WebhookSigningSecretRecord => ({
  spaceId: r.space_id,
  value: r.value,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The columns a definition writes; JSON goes as text, and a null `filters` or `transformation` as SQL null. */
const definitionColumns = (d: WebhookDefinitionChanges) => ({
  name: d.name,
  url: d.url,
  topics: JSON.stringify(d.topics),
  filters: d.filters === null ? null : JSON.stringify(d.filters),
  headers: JSON.stringify(d.headers),
  http_basic_username: d.httpBasicUsername,
  http_basic_password: d.httpBasicPassword,
  active: d.active,
  transformation: d.transformation === null ? null : JSON.stringify(d.transformation),
});

export function webhooksRepository(db: Executor): WebhooksRepository {
  const definitions = (spaceId: string) => db.selectFrom('webhook_definitions').where('space_id', '=', spaceId);

  return {
    async insert(d) {
      const row = await db
        .insertInto('webhook_definitions')
        .values({
          space_id: d.spaceId,
          id: d.id,
          ...definitionColumns(d),
          created_by: d.createdBy,
          updated_by: d.createdBy,
        })
        .onConflict((oc) => oc.columns(['space_id', 'id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toDefinition(row);
    },
    async page(spaceId, page) {
      const base = filtered(definitions(spaceId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.selectAll(), page, COLUMNS, 'id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toDefinition), total: count.n };
    },
    async find(spaceId, id) {
      const row = await definitions(spaceId).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toDefinition(row);
    },
    async update(spaceId, id, changes, expectedVersion, userId) {
      const row = await db
        .updateTable('webhook_definitions')
        .set({ ...definitionColumns(changes), version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      return row && toDefinition(row);
    },
    async delete(spaceId, id) {
      const result = await db
        .deleteFrom('webhook_definitions')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async signingSecret(spaceId) {
      const row = await db
        .selectFrom('webhook_signing_secrets')
        .select('value')
        .where('space_id', '=', spaceId)
        .executeTakeFirst();
      return row?.value;
    },
    async findSigningSecret(spaceId) {
      const row = await db
        .selectFrom('webhook_signing_secrets')
        .selectAll()
        .where('space_id', '=', spaceId)
        .executeTakeFirst();
      return row && toSecret(row);
    },
    async putSigningSecret(spaceId, value, userId) {
      const row = await db
        .insertInto('webhook_signing_secrets')
        .values({ space_id: spaceId, value, created_by: userId, updated_by: userId })
        .onConflict((oc) =>
          oc.column('space_id').doUpdateSet({
            value,
            version: sql`webhook_signing_secrets.version + 1`,
            updated_by: userId,
            updated_at: sql`now()`,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSecret(row);
    },
    async deleteSigningSecret(spaceId) {
      const result = await db.deleteFrom('webhook_signing_secrets').where('space_id', '=', spaceId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
