import { toSecondsIso } from '../../lib/time.ts';
import type { ApiKeyRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

const sys = <T extends string>(type: T, id: string, k: ApiKeyRecord) => ({
  type,
  id,
  version: k.version,
  space: link('Space', k.spaceId),
  createdBy: userLink(k.createdBy),
  createdAt: toSecondsIso(k.createdAt),
  updatedBy: userLink(k.updatedBy),
  updatedAt: toSecondsIso(k.updatedAt),
});

const environments = (k: ApiKeyRecord) => k.environmentIds.map((id) => link('Environment', id));

export const presentApiKey = (k: ApiKeyRecord) => ({
  name: k.name,
  description: k.description,
  accessToken: k.accessToken,
  policies: [{ effect: 'allow', actions: 'all' }],
  environments: environments(k),
  preview_api_key: link('PreviewApiKey', k.previewKeyId),
  sys: sys('ApiKey', k.id, k),
});

/** The preview key shares its delivery key's row: same name, description, environments and version. */
export const presentPreviewApiKey = (k: ApiKeyRecord) => ({
  name: k.name,
  description: k.description,
  accessToken: k.previewAccessToken,
  environments: environments(k),
  sys: sys('PreviewApiKey', k.previewKeyId, k),
});
