import type { Services } from '../../domain/index.ts';
import { scimProjection } from '../../domain/scim/scim-attributes.ts';
import { projectsMembers } from '../../domain/scim/scim-group.ts';
import type { HandlerMap } from '../handler.ts';
import { presentScimGroup, presentScimGroupList, scimGroupLocation } from '../presenters/scim-groups.presenter.ts';
import { SCIM_MEDIA_TYPE, scimBase } from '../presenters/scim-users.presenter.ts';

const scim = (status: number, body: unknown, headers?: Record<string, string>) => ({
  status,
  body,
  headers,
  mediaType: SCIM_MEDIA_TYPE,
});

// The projection is read before the service runs: bad `attributes` answer 400 with nothing changed.
export function scimGroupsHandlers({ scimGroups }: Services) {
  return {
    ScimGroups_list: async (req) => {
      const org = req.params.organization_id;
      const projection = await scimProjection('Group', req.query);
      const page = await scimGroups.list(org, {
        filter: req.query.filter,
        startIndex: req.query.startIndex,
        count: req.query.count,
        withMembers: projectsMembers(projection),
      });
      return scim(200, presentScimGroupList(page, scimBase(req.baseUrl, org), projection));
    },

    ScimGroups_create: async (req) => {
      const base = scimBase(req.baseUrl, req.params.organization_id);
      const projection = await scimProjection('Group', req.query);
      const group = await scimGroups.create(req.actor, req.params.organization_id, req.body);
      return scim(201, presentScimGroup(group, base, projection), { Location: scimGroupLocation(base, group.team.id) });
    },

    ScimGroups_get: async (req) => {
      const projection = await scimProjection('Group', req.query);
      const group = await scimGroups.get(req.params.organization_id, req.params.group_id, projectsMembers(projection));
      return scim(200, presentScimGroup(group, scimBase(req.baseUrl, req.params.organization_id), projection));
    },

    ScimGroups_replace: async (req) => {
      const projection = await scimProjection('Group', req.query);
      const group = await scimGroups.replace(req.actor, req.params.organization_id, req.params.group_id, req.body);
      return scim(200, presentScimGroup(group, scimBase(req.baseUrl, req.params.organization_id), projection));
    },

    ScimGroups_update: async (req) => {
      const projection = await scimProjection('Group', req.query);
      const group = await scimGroups.patch(req.actor, req.params.organization_id, req.params.group_id, req.body);
      return scim(200, presentScimGroup(group, scimBase(req.baseUrl, req.params.organization_id), projection));
    },

    ScimGroups_delete: async (req) => {
      await scimGroups.delete(req.params.organization_id, req.params.group_id);
      return { status: 204 };
    },
  } satisfies Partial<HandlerMap>;
}
