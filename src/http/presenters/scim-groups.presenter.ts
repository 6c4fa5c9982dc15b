import SCIMMY from 'scimmy';
import type { ScimProjection } from '../../domain/scim/scim-attributes.ts';
import { GROUP_SCHEMA_ID, type ScimGroupRecord } from '../../domain/scim/scim-group.ts';
import type { ScimGroupPage } from '../../domain/scim/scim-groups-service.ts';

export const scimGroupLocation = (base: string, teamId: string) => `${base}/Groups/${encodeURIComponent(teamId)}`;

/**
 * A SCIM Group resource (reference §7.3): the team's name and members, its `meta.location` resolving at this server,
 * with the attributes the request asked for.
 */
export const presentScimGroup = ({ team, members }: ScimGroupRecord, base: string, projection: ScimProjection) =>
  projection.project({
    schemas: [GROUP_SCHEMA_ID],
    id: team.id,
    displayName: team.name,
    ...(members === undefined ? {} : { members }),
    meta: {
      resourceType: 'Group',
      created: team.createdAt,
      lastModified: team.updatedAt,
      location: scimGroupLocation(base, team.id),
    },
  });

/** An RFC 7644 ListResponse of groups, with integer counts. */
export const presentScimGroupList = (page: ScimGroupPage, base: string, projection: ScimProjection) =>
  new SCIMMY.Messages.ListResponse(page.items.map((g) => presentScimGroup(g, base, projection)) as never[], {
    startIndex: page.startIndex,
    itemsPerPage: page.items.length,
    totalResults: page.total,
  });
