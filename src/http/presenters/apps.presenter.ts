import type {
  AppAccessTokenRecord,
  AppDefinitionRecord,
  AppEventSubscriptionRecord,
  AppInstallationRecord,
  AppKeyRecord,
} from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

/** The audit properties of a record's `sys`. */
const audit = (r: { createdAt: string; updatedAt: string; createdBy: string | null; updatedBy: string | null }) => ({
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  createdBy: userLink(r.createdBy),
  updatedBy: userLink(r.updatedBy),
});

const page = <T>(items: T[], total: number, skip: number, limit: number) => ({
  sys: { type: 'Array' as const },
  total,
  skip,
  limit,
  items,
});

export const presentAppDefinition = (d: AppDefinitionRecord) => ({
  name: d.name,
  ...(d.src === null ? {} : { src: d.src }),
  locations: d.locations ?? [],
  ...(d.parameters === null ? {} : { parameters: d.parameters }),
  sys: {
    type: 'AppDefinition' as const,
    id: d.id,
    version: d.version,
    organization: link('Organization', d.organizationId),
    shared: false,
    ...audit(d),
  },
});

export const presentAppDefinitionPage = (
  result: { items: AppDefinitionRecord[]; total: number },
  skip: number,
  limit: number,
) => page(result.items.map(presentAppDefinition), result.total, skip, limit);

export const presentAppKey = (k: AppKeyRecord, privateKey?: string) => ({
  jwk: k.jwk,
  ...(privateKey === undefined ? {} : { generated: { privateKey } }),
  sys: {
    type: 'AppKey' as const,
    id: k.fingerprint,
    organization: link('Organization', k.organizationId),
    appDefinition: link('AppDefinition', k.appDefinitionId),
    createdAt: k.createdAt,
    createdBy: userLink(k.createdBy),
  },
});

export const presentAppKeys = (keys: AppKeyRecord[]) => ({
  sys: { type: 'Array' as const },
  items: keys.map((k) => presentAppKey(k)),
});

export const presentAppEventSubscription = (s: AppEventSubscriptionRecord) => ({
  targetUrl: s.targetUrl,
  topics: s.topics,
  sys: {
    type: 'AppEventSubscription' as const,
    organization: link('Organization', s.organizationId),
    appDefinition: link('AppDefinition', s.appDefinitionId),
    ...audit(s),
  },
});

export const presentAppInstallation = (i: AppInstallationRecord) => ({
  ...(i.parameters === null ? {} : { parameters: i.parameters }),
  sys: {
    type: 'AppInstallation' as const,
    id: i.appDefinitionId,
    appDefinition: link('AppDefinition', i.appDefinitionId),
    space: link('Space', i.spaceId),
    environment: link('Environment', i.environmentId),
    organization: link('Organization', i.organizationId),
    ...audit(i),
  },
});

export const presentAppInstallationPage = (
  result: { items: AppInstallationRecord[]; total: number },
  skip: number,
  limit: number,
) => page(result.items.map(presentAppInstallation), result.total, skip, limit);

export const presentAppAccessToken = (token: string, r: AppAccessTokenRecord) => ({
  token,
  sys: {
    type: 'AppAccessToken' as const,
    space: link('Space', r.spaceId),
    environment: link('Environment', r.environmentId),
    appDefinition: link('AppDefinition', r.appDefinitionId),
    expiresAt: r.expiresAt,
  },
});
