import { randomBytes } from 'node:crypto';
import { notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import { hashToken } from '../../lib/secrets.ts';
import { generateId } from '../../lib/ids.ts';
import type {
  AppAccessTokenRecord,
  AppDefinitionRecord,
  AppInstallationRecord,
  AppKeyRecord,
  Storage,
} from '../../storage/port/index.ts';
import type { AppAssertionGrant, OrganizationGrant, SpaceGrant } from '../access/grant.ts';
import type { ResolveEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { appDefinitionFields } from './app-definition-input.ts';
import { appKeyFromJwk, generateAppKeyPair } from './app-key-material.ts';
import { APP_TOKEN_LIFETIME_MS, eventSubscriptionFields, installationParameters, MAX_APP_KEYS } from './app-rules.ts';

export interface AppsOptions {
  /** Event subscriptions may target loopback and private hosts over http (`TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS`). */
  allowPrivateTargets: boolean;
  now?: () => Date;
}

export interface Page {
  skip: number;
  limit: number;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * An app access token: JWT-shaped (its payload tells a client when it expires, as the official toolkit reads it to
 * cache it) with 256 random bits as its last part. The server trusts only its hash, stored when issued.
 */
function newAppAccessToken(record: AppAccessTokenRecord, issuedAt: Date): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'none' }));
  const payload = base64url(
    JSON.stringify({
      sub: record.appDefinitionId,
      space: record.spaceId,
      environment: record.environmentId,
      iat: Math.floor(issuedAt.getTime() / 1000),
      exp: Math.floor(Date.parse(record.expiresAt) / 1000),
    }),
  );
  return `${header}.${payload}.${base64url(randomBytes(32))}`;
}

/** App definitions, keys and event subscriptions of organizations; installations and app access tokens of spaces. */
export function appsService(storage: Storage, resolve: ResolveEnvironment, options: AppsOptions) {
  const { apps } = storage.repos;
  const now = options.now ?? (() => new Date());

  async function definition(grant: OrganizationGrant, id: string): Promise<AppDefinitionRecord> {
    const found = await apps.findDefinition(grant.organizationId, id);
    if (!found) throw notFound('AppDefinition', id);
    return found;
  }

  async function key(grant: OrganizationGrant, appDefinitionId: string, fingerprint: string): Promise<AppKeyRecord> {
    await definition(grant, appDefinitionId);
    const found = await apps.findKey(fingerprint);
    if (!found || found.appDefinitionId !== appDefinitionId) throw notFound('AppKey', fingerprint);
    return found;
  }

  /** The installation of the path's environment (an alias resolves to its target). */
  async function installationOf(spaceId: string, environmentId: string, appDefinitionId: string) {
    const { environment } = await resolve(spaceId, environmentId);
    const found = await apps.findInstallation(spaceId, environment.id, appDefinitionId);
    if (!found) throw notFound('AppInstallation', appDefinitionId);
    return found;
  }

  return {
    listDefinitions: (grant: OrganizationGrant, page: Page) => apps.listDefinitions(grant.organizationId, page),
    getDefinition: definition,
    createDefinition: (actor: Actor, grant: OrganizationGrant, body: Record<string, unknown>) =>
      apps.insertDefinition({
        ...appDefinitionFields(body),
        id: generateId(),
        organizationId: grant.organizationId,
        actorId: actorId(actor),
      }),
    async updateDefinition(
      actor: Actor,
      grant: OrganizationGrant,
      id: string,
      version: number | undefined,
      body: Record<string, unknown>,
    ) {
      const current = await definition(grant, id);
      if (version !== current.version) throw versionMismatch(current.version, version);
      const fields = appDefinitionFields(body);
      const updated = await apps.updateDefinition(grant.organizationId, id, version, fields, actorId(actor));
      if (!updated) throw versionMismatch(current.version, version);
      return updated;
    },
    async deleteDefinition(grant: OrganizationGrant, id: string) {
      if (!(await apps.deleteDefinition(grant.organizationId, id))) throw notFound('AppDefinition', id);
    },

    async listKeys(grant: OrganizationGrant, appDefinitionId: string) {
      await definition(grant, appDefinitionId);
      return apps.listKeys(appDefinitionId);
    },
    getKey: key,
    /** Adds an uploaded public key, or a generated pair whose private key only this answer carries. */
    async createKey(
      actor: Actor,
      grant: OrganizationGrant,
      appDefinitionId: string,
      body: { jwk?: unknown; generate?: boolean },
    ): Promise<{ key: AppKeyRecord; privateKey?: string }> {
      await definition(grant, appDefinitionId);
      if ((body.generate === true) === (body.jwk !== undefined))
        throw validationFailed([
          { name: 'required', path: ['jwk'], details: 'Send either "jwk" (a public key) or "generate": true' },
        ]);
      const generated = body.generate ? await generateAppKeyPair() : undefined;
      const material = generated ?? appKeyFromJwk(body.jwk);
      const inserted = await apps.insertKey(
        {
          fingerprint: material.fingerprint,
          appDefinitionId,
          jwk: { ...material.jwk },
          publicKeyPem: material.publicKeyPem,
          createdBy: actorId(actor),
        },
        MAX_APP_KEYS,
      );
      if (inserted === 'tooMany')
        throw validationFailed(
          [{ name: 'size', path: ['jwk'], max: MAX_APP_KEYS, details: `An app has at most ${MAX_APP_KEYS} keys` }],
          `An app has at most ${MAX_APP_KEYS} keys.`,
        );
      if (inserted === 'taken')
        throw validationFailed(
          [{ name: 'taken', path: ['jwk'], details: 'This key is a key of an app already' }],
          'A key pair cannot serve more than one app.',
        );
      return { key: inserted, privateKey: generated?.privateKeyPem };
    },
    async deleteKey(grant: OrganizationGrant, appDefinitionId: string, fingerprint: string) {
      await key(grant, appDefinitionId, fingerprint);
      if (!(await apps.deleteKey(appDefinitionId, fingerprint))) throw notFound('AppKey', fingerprint);
    },

    async getEventSubscription(grant: OrganizationGrant, appDefinitionId: string) {
      await definition(grant, appDefinitionId);
      const found = await apps.findEventSubscription(appDefinitionId);
      if (!found) throw notFound('AppEventSubscription', appDefinitionId);
      return found;
    },
    async upsertEventSubscription(actor: Actor, grant: OrganizationGrant, appDefinitionId: string, body: object) {
      await definition(grant, appDefinitionId);
      const fields = eventSubscriptionFields(body, options.allowPrivateTargets);
      return apps.upsertEventSubscription(appDefinitionId, fields, actorId(actor));
    },
    async deleteEventSubscription(grant: OrganizationGrant, appDefinitionId: string) {
      await definition(grant, appDefinitionId);
      if (!(await apps.deleteEventSubscription(appDefinitionId)))
        throw notFound('AppEventSubscription', appDefinitionId);
    },

    async listInstallations(spaceId: string, environmentId: string, page: Page) {
      const { environment } = await resolve(spaceId, environmentId);
      return apps.listInstallations(spaceId, environment.id, page);
    },
    getInstallation: installationOf,
    /** Installs an app of the space's organization, or replaces its parameters: `created` on the first install. */
    async install(
      actor: Actor,
      grant: SpaceGrant,
      environmentId: string,
      appDefinitionId: string,
      body: unknown,
    ): Promise<{ record: AppInstallationRecord; created: boolean }> {
      const { environment } = await resolve(grant.space.id, environmentId);
      const app = await apps.findDefinition(grant.space.organizationId, appDefinitionId);
      if (!app) throw notFound('AppDefinition', appDefinitionId);
      const parameters = installationParameters(body);
      return apps.upsertInstallation(
        { spaceId: grant.space.id, environmentId: environment.id, appDefinitionId, parameters },
        actorId(actor),
      );
    },
    async uninstall(spaceId: string, environmentId: string, appDefinitionId: string) {
      const { environment } = await resolve(spaceId, environmentId);
      if (!(await apps.deleteInstallation(spaceId, environment.id, appDefinitionId)))
        throw notFound('AppInstallation', appDefinitionId);
    },

    /** Issues an app access token for the installation the app's JWT was verified for (by the authorizer). */
    async issueAccessToken(grant: AppAssertionGrant): Promise<{ token: string; record: AppAccessTokenRecord }> {
      const { spaceId, environmentId, appDefinitionId } = grant.installation;
      const issuedAt = now();
      const record = {
        spaceId,
        environmentId,
        appDefinitionId,
        expiresAt: new Date(issuedAt.getTime() + APP_TOKEN_LIFETIME_MS).toISOString(),
      };
      const token = newAppAccessToken(record, issuedAt);
      await apps.insertAccessToken(hashToken(token), record);
      return { token, record };
    },
  };
}

export type AppsService = ReturnType<typeof appsService>;
