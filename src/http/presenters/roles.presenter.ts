import { toSecondsIso } from '../../lib/time.ts';
import type { RoleRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

/** A role as the API shows it: settings timestamps in whole seconds, permissions with every area. */
export const presentRole = (r: RoleRecord) => ({
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  policies: r.policies,
  sys: {
    type: 'Role',
    id: r.id,
    version: r.version,
    space: link('Space', r.spaceId),
    createdBy: userLink(r.createdBy),
    createdAt: toSecondsIso(r.createdAt),
    updatedBy: userLink(r.updatedBy),
    updatedAt: toSecondsIso(r.updatedAt),
  },
});
