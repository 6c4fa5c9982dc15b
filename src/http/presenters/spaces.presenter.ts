import { toSecondsIso } from '../../lib/time.ts';
import type { SpaceRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

export const presentSpace = (s: SpaceRecord) => ({
  name: s.name,
  sys: {
    type: 'Space',
    id: s.id,
    version: s.version,
    createdBy: userLink(s.createdBy),
    createdAt: toSecondsIso(s.createdAt),
    updatedBy: userLink(s.updatedBy),
    updatedAt: toSecondsIso(s.updatedAt),
    organization: link('Organization', s.organizationId),
  },
});
