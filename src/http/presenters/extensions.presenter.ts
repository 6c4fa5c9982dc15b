import type { ExtensionView } from '../../domain/content-model/extensions-service.ts';
import { toMillisIso } from '../../lib/time.ts';
import { link, userLink } from './links.ts';

export const presentExtension = ({ record: r, environmentId }: ExtensionView) => ({
  extension: r.extension,
  parameters: r.parameters,
  sys: {
    type: 'Extension' as const,
    id: r.id,
    version: r.version,
    space: link('Space', r.spaceId),
    environment: link('Environment', environmentId),
    createdAt: toMillisIso(r.createdAt),
    updatedAt: toMillisIso(r.updatedAt),
    createdBy: userLink(r.createdBy),
    updatedBy: userLink(r.updatedBy),
  },
});
