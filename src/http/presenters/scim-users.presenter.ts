import SCIMMY from 'scimmy';
import type { ScimProjection } from '../../domain/scim/scim-attributes.ts';
import { scimUserAttributes } from '../../domain/scim/scim-user.ts';
import type { ScimUserPage } from '../../domain/scim/scim-users-service.ts';
import type { OrganizationMembershipRecord } from '../../storage/port/index.ts';

export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** The SCIM base URL of an organization, as requests reach it. */
export const scimBase = (baseUrl: string, organizationId: string) =>
  `${baseUrl.replace(/\/+$/, '')}/scim/v2/organizations/${encodeURIComponent(organizationId)}`;

export const scimUserLocation = (base: string, userId: string) => `${base}/Users/${encodeURIComponent(userId)}`;

/**
 * A SCIM User resource (reference §7.2), its `meta.location` resolving at this server, with the attributes the
 * request asked for (unset names are left out).
 */
export const presentScimUser = (m: OrganizationMembershipRecord, base: string, projection: ScimProjection) =>
  projection.project({
    ...scimUserAttributes(m),
    meta: {
      resourceType: 'User',
      created: m.createdAt,
      lastModified: m.updatedAt,
      location: scimUserLocation(base, m.userId),
    },
  });

/** An RFC 7644 ListResponse of users, with integer counts. */
export const presentScimUserList = (page: ScimUserPage, base: string, projection: ScimProjection) =>
  new SCIMMY.Messages.ListResponse(page.items.map((m) => presentScimUser(m, base, projection)) as never[], {
    startIndex: page.startIndex,
    itemsPerPage: page.items.length,
    totalResults: page.total,
  });
