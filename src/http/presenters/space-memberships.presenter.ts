import { toSecondsIso } from '../../lib/time.ts';
import type { SpaceMembershipRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

/** A space membership as both APIs show it: the member in `user` and `sys.user`, settings timestamps in whole seconds. */
export const presentSpaceMembership = (m: SpaceMembershipRecord) => ({
  admin: m.admin,
  roles: m.roles.map((r) => link('Role', r.sys.id)),
  user: link('User', m.userId),
  sys: {
    type: 'SpaceMembership',
    id: m.id,
    version: m.version,
    space: link('Space', m.spaceId),
    user: link('User', m.userId),
    createdBy: userLink(m.createdBy),
    createdAt: toSecondsIso(m.createdAt),
    updatedBy: userLink(m.updatedBy),
    updatedAt: toSecondsIso(m.updatedAt),
  },
});
