import { toSecondsIso } from '../../lib/time.ts';
import type { InvitationRecord, OrganizationMembershipRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

const audit = (r: { createdAt: string; updatedAt: string; createdBy: string | null; updatedBy: string | null }) => ({
  createdAt: toSecondsIso(r.createdAt),
  updatedAt: toSecondsIso(r.updatedAt),
  createdBy: userLink(r.createdBy),
  updatedBy: userLink(r.updatedBy),
});

export const presentOrganizationMembership = (m: OrganizationMembershipRecord) => ({
  role: m.role,
  sys: {
    type: 'OrganizationMembership',
    id: m.id,
    version: m.version,
    status: m.status,
    user: link('User', m.userId),
    organization: link('Organization', m.organizationId),
    ...audit(m),
    // Tessera records no activity and has no single sign-on.
    lastActiveAt: null,
    sso: null,
  },
});

/** `url`: the invitation URL with its secret, given only when the invitation was just created (empty otherwise). */
export const presentInvitation = (i: InvitationRecord, url = '') => ({
  email: i.email,
  firstName: i.firstName,
  lastName: i.lastName,
  role: i.role,
  sys: {
    type: 'Invitation',
    id: i.id,
    status: i.status,
    organization: link('Organization', i.organizationId),
    organizationMembership: link('OrganizationMembership', i.membershipId),
    user: i.userId ? link('User', i.userId) : null,
    invitationUrl: url,
    ...audit(i),
  },
});
