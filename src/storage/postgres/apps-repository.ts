import { sql, type RawBuilder } from 'kysely';
import type {
  AppDefinitionRecord,
  AppEventSubscriptionRecord,
  AppInstallationRecord,
  AppKeyRecord,
  AppsRepository,
} from '../port/apps.ts';
import { findEventSubscribers, findEventTarget } from './app-event-subscribers.ts';
import type { CacheContext } from './cache-context.ts';
import { environmentsTag } from './cache-policies.ts';
import type { Executor } from './executor.ts';
import { cached } from './read-cache.ts';
import { spaceTag } from './spaces-repository.ts';

/** The cached app access tokens of an installation, and of every installation of an app. */
const installationTag = (spaceId: string, environmentId: string, appDefinitionId: string) =>
  `app-installation:${spaceId}:${environmentId}:${appDefinitionId}`;
const appTag = (appDefinitionId: string) => `app:${appDefinitionId}`;

const toDefinition = (r: any): AppDefinitionRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  name: r.name,
  src: r.src,
  locations: r.locations,
  parameters: r.parameters,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toKey = (r: any): AppKeyRecord => ({
  fingerprint: r.fingerprint,
  appDefinitionId: r.app_definition_id,
  organizationId: r.organization_id,
  jwk: r.jwk,
  publicKeyPem: r.public_key_pem,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

const toSubscription = (r: any): AppEventSubscriptionRecord => ({
  appDefinitionId: r.app_definition_id,
  organizationId: r.organization_id,
  targetUrl: r.target_url,
  topics: r.topics,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toInstallation = (r: any): AppInstallationRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  appDefinitionId: r.app_definition_id,
  organizationId: r.organization_id,
  parameters: r.parameters,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The app tables of migration 0035. App access tokens are read through the cache (every request of an app reads
 * one): an uninstall, a deleted app, environment or space invalidates them.
 */
export function appsRepository(db: Executor, cache?: CacheContext): AppsRepository {
  const one = async <T>(query: ReturnType<typeof sql>, map: (r: any) => T): Promise<T | undefined> => {
    const { rows } = await query.execute(db);
    return rows[0] === undefined ? undefined : map(rows[0]);
  };

  /**
   * A page and the total in one statement (two would each see their own moment); `from` names the rows. An empty page
   * is the total's row alone, its item columns null.
   */
  async function pageOf<T>(
    from: RawBuilder<unknown>,
    columns: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
    page: { skip: number; limit: number },
    map: (r: any) => T,
  ): Promise<{ items: T[]; total: number }> {
    const { rows } = await sql<any>`select p.*, t.total from (select count(*)::int as total ${from}) as t
      left join lateral (select ${columns} ${from} order by ${order} offset ${page.skip} limit ${page.limit}) as p on true`.execute(
      db,
    );
    return {
      items: rows.filter((r) => r.created_at !== null).map(map),
      total: rows[0]?.total ?? 0,
    };
  }

  return {
    listDefinitions: (organizationId, page) =>
      pageOf(
        sql`from app_definitions as d where d.organization_id = ${organizationId}`,
        sql`d.*`,
        sql`d.created_at, d.id`,
        page,
        toDefinition,
      ),
    findDefinition: (organizationId, id) =>
      one(sql`select * from app_definitions where organization_id = ${organizationId} and id = ${id}`, toDefinition),
    findDefinitionById: (id) => one(sql`select * from app_definitions where id = ${id}`, toDefinition),
    async insertDefinition(d) {
      return (await one(
        sql`insert into app_definitions (id, organization_id, name, src, locations, parameters, created_by, updated_by)
          values (${d.id}, ${d.organizationId}, ${d.name}, ${d.src}, ${json(d.locations)}::jsonb, ${json(d.parameters)}::jsonb,
            ${d.actorId}, ${d.actorId})
          returning *`,
        toDefinition,
      ))!;
    },
    updateDefinition: (organizationId, id, version, f, actorId) =>
      one(
        sql`update app_definitions set name = ${f.name}, src = ${f.src}, locations = ${json(f.locations)}::jsonb,
          parameters = ${json(f.parameters)}::jsonb, version = version + 1, updated_by = ${actorId}, updated_at = now()
          where organization_id = ${organizationId} and id = ${id} and version = ${version} returning *`,
        toDefinition,
      ),
    async deleteDefinition(organizationId, id) {
      const { rows } = await sql`delete from app_definitions where organization_id = ${organizationId} and id = ${id}
        returning id`.execute(db);
      if (rows.length > 0) await cache?.invalidate([appTag(id)]);
      return rows.length > 0;
    },

    async listKeys(appDefinitionId) {
      const { rows } = await sql<any>`select k.*, d.organization_id from app_keys k
        join app_definitions d on d.id = k.app_definition_id
        where k.app_definition_id = ${appDefinitionId} order by k.created_at, k.fingerprint`.execute(db);
      return rows.map(toKey);
    },
    findKey: (fingerprint) =>
      one(
        sql`select k.*, d.organization_id from app_keys k join app_definitions d on d.id = k.app_definition_id
          where k.fingerprint = ${fingerprint}`,
        toKey,
      ),
    async insertKey(key, max) {
      const { rows } = await sql<any>`
        with app as (select id, organization_id from app_definitions where id = ${key.appDefinitionId} for update),
        counted as (select count(*)::int as n from app_keys where app_definition_id = ${key.appDefinitionId}),
        taken as (select 1 from app_keys where fingerprint = ${key.fingerprint}),
        inserted as (
          insert into app_keys (fingerprint, app_definition_id, jwk, public_key_pem, created_by)
          select ${key.fingerprint}, app.id, ${JSON.stringify(key.jwk)}::jsonb, ${key.publicKeyPem}, ${key.createdBy}
          from app where (select n from counted) < ${max} and not exists (select from taken)
          on conflict (fingerprint) do nothing
          returning *)
        select i.*, (select organization_id from app) as organization_id, (select n from counted) as n,
          exists (select from taken) as taken
        from (select 1) as x left join inserted i on true`.execute(db);
      const r = rows[0]!;
      if (r.fingerprint) return toKey(r);
      return r.taken ? 'taken' : r.n >= max ? 'tooMany' : 'taken';
    },
    async deleteKey(appDefinitionId, fingerprint) {
      const { rows } = await sql`delete from app_keys where app_definition_id = ${appDefinitionId}
        and fingerprint = ${fingerprint} returning 1`.execute(db);
      return rows.length > 0;
    },

    findEventSubscription: (appDefinitionId) =>
      one(
        sql`select s.*, d.organization_id from app_event_subscriptions s join app_definitions d on d.id = s.app_definition_id
          where s.app_definition_id = ${appDefinitionId}`,
        toSubscription,
      ),
    async upsertEventSubscription(appDefinitionId, f, actorId) {
      const { rows } = await sql<any>`
        with saved as (
          insert into app_event_subscriptions as s (app_definition_id, target_url, topics, created_by, updated_by)
          values (${appDefinitionId}, ${f.targetUrl}, ${f.topics}::text[], ${actorId}, ${actorId})
          on conflict (app_definition_id) do update set target_url = excluded.target_url, topics = excluded.topics,
            updated_by = excluded.updated_by, updated_at = now()
          returning s.*, (xmax = 0) as created)
        select saved.*, d.organization_id from saved join app_definitions d on d.id = saved.app_definition_id`.execute(
        db,
      );
      return { record: toSubscription(rows[0]), created: rows[0].created };
    },
    async deleteEventSubscription(appDefinitionId) {
      const { rows } = await sql`delete from app_event_subscriptions where app_definition_id = ${appDefinitionId}
        returning 1`.execute(db);
      return rows.length > 0;
    },
    findEventSubscribers: (events) => findEventSubscribers(db, events),
    findEventTarget: (spaceId, environmentId, appDefinitionId) =>
      findEventTarget(db, spaceId, environmentId, appDefinitionId),

    listInstallations: (spaceId, environmentId, page) =>
      pageOf(
        sql`from app_installations as i join app_definitions as d on d.id = i.app_definition_id
          where i.space_id = ${spaceId} and i.environment_id = ${environmentId}`,
        sql`i.*, d.organization_id`,
        sql`i.created_at, i.app_definition_id`,
        page,
        toInstallation,
      ),
    findInstallation: (spaceId, environmentId, appDefinitionId) =>
      one(
        sql`select i.*, d.organization_id from app_installations i join app_definitions d on d.id = i.app_definition_id
          where i.space_id = ${spaceId} and i.environment_id = ${environmentId} and i.app_definition_id = ${appDefinitionId}`,
        toInstallation,
      ),
    async upsertInstallation(i, actorId) {
      const { rows } = await sql<any>`
        with saved as (
          insert into app_installations as a (space_id, environment_id, app_definition_id, parameters, created_by, updated_by)
          values (${i.spaceId}, ${i.environmentId}, ${i.appDefinitionId}, ${json(i.parameters)}::jsonb, ${actorId}, ${actorId})
          on conflict (space_id, environment_id, app_definition_id) do update set parameters = excluded.parameters,
            updated_by = excluded.updated_by, updated_at = now()
          returning a.*, (xmax = 0) as created)
        select saved.*, d.organization_id from saved join app_definitions d on d.id = saved.app_definition_id`.execute(
        db,
      );
      return { record: toInstallation(rows[0]), created: rows[0].created };
    },
    async deleteInstallation(spaceId, environmentId, appDefinitionId) {
      const { rows } = await sql`delete from app_installations where space_id = ${spaceId}
        and environment_id = ${environmentId} and app_definition_id = ${appDefinitionId} returning 1`.execute(db);
      if (rows.length > 0) await cache?.invalidate([installationTag(spaceId, environmentId, appDefinitionId)]);
      return rows.length > 0;
    },

    async insertAccessToken(tokenHash, t) {
      await sql`
        with expired as (delete from app_access_tokens where space_id = ${t.spaceId} and environment_id = ${t.environmentId}
          and app_definition_id = ${t.appDefinitionId} and expires_at < now())
        insert into app_access_tokens (token_hash, space_id, environment_id, app_definition_id, expires_at)
        values (${tokenHash}, ${t.spaceId}, ${t.environmentId}, ${t.appDefinitionId}, ${t.expiresAt}::timestamptz)`.execute(
        db,
      );
    },
    findAccessToken: (tokenHash) =>
      cached(
        cache?.cache,
        `app-token:${tokenHash}`,
        () =>
          one(
            sql`select * from app_access_tokens where token_hash = ${tokenHash} and expires_at > now()`,
            (r: any) => ({
              spaceId: r.space_id,
              environmentId: r.environment_id,
              appDefinitionId: r.app_definition_id,
              expiresAt: r.expires_at,
            }),
          ),
        (t) => [
          installationTag(t.spaceId, t.environmentId, t.appDefinitionId),
          appTag(t.appDefinitionId),
          spaceTag(t.spaceId),
          environmentsTag(t.spaceId),
        ],
      ),
  };
}
