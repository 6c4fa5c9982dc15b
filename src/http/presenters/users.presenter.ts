import { toSecondsIso } from '../../lib/time.ts';
import type { AccessTokenRecord, OrganizationRecord, UserRecord } from '../../storage/port/index.ts';

export const presentUser = (u: UserRecord) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  avatarUrl: null,
  activated: true,
  confirmed: true,
  sys: {
    type: 'User',
    id: u.id,
    version: u.version,
    createdAt: toSecondsIso(u.createdAt),
    updatedAt: toSecondsIso(u.updatedAt),
  },
});

export const presentToken = (t: AccessTokenRecord, secret?: string) => ({
  name: t.name,
  revokedAt: t.revokedAt && toSecondsIso(t.revokedAt),
  expiresAt: t.expiresAt && toSecondsIso(t.expiresAt),
  scopes: t.scopes,
  ...(secret ? { token: secret } : {}),
  sys: {
    type: 'PersonalAccessToken',
    id: t.id,
    createdAt: toSecondsIso(t.createdAt),
    updatedAt: toSecondsIso(t.updatedAt),
  },
});

export const presentOrganization = (o: OrganizationRecord) => ({
  name: o.name,
  sys: {
    type: 'Organization',
    id: o.id,
    version: o.version,
    createdAt: toSecondsIso(o.createdAt),
    updatedAt: toSecondsIso(o.updatedAt),
  },
});
