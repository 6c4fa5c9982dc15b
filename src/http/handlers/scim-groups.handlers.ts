import type { Services } from '../../domain/index.ts';
import { excludesMembers } from '../../domain/scim/scim-group.ts';
import type { HandlerMap } from '../handler.ts';
import { presentScimGroup, presentScimGroupList, scimGroupLocation } from '../presenters/scim-groups.presenter.ts';
import { SCIM_MEDIA_TYPE, scimBase } from '../presenters/scim-users.presenter.ts';

const integer = (value: unknown) => (value === undefined || value === '' ? undefined : Math.trunc(Number(value)));
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const scim = (status: number, body: unknown, headers?: Record<string, string>) => ({ status, body, headers, mediaType: SCIM_MEDIA_TYPE });

export function scimGroupsHandlers({ scimGroups }: Services): HandlerMap {
  return {
    ScimGroups_list: async (req) => {
      const org = req.params.organization_id;
      const page = await scimGroups.list(req.actor, org, {
        filter: text(req.query.filter), startIndex: integer(req.query.startIndex), count: integer(req.query.count),
        withMembers: !excludesMembers(text(req.query.excludedAttributes)),
      });
      return scim(200, presentScimGroupList(page, scimBase(req.baseUrl, org)));
    },

    ScimGroups_create: async (req) => {
      const base = scimBase(req.baseUrl, req.params.organization_id);
      const group = await scimGroups.create(req.actor, req.params.organization_id, req.body);
      return scim(201, presentScimGroup(group, base), { Location: scimGroupLocation(base, group.team.id) });
    },

    ScimGroups_get: async (req) => scim(200, presentScimGroup(
      await scimGroups.get(req.actor, req.params.organization_id, req.params.group_id, !excludesMembers(text(req.query.excludedAttributes))),
      scimBase(req.baseUrl, req.params.organization_id))),

    ScimGroups_replace: async (req) => scim(200, presentScimGroup(
      await scimGroups.replace(req.actor, req.params.organization_id, req.params.group_id, req.body), scimBase(req.baseUrl, req.params.organization_id))),

    ScimGroups_update: async (req) => scim(200, presentScimGroup(
      await scimGroups.patch(req.actor, req.params.organization_id, req.params.group_id, req.body), scimBase(req.baseUrl, req.params.organization_id))),

    ScimGroups_delete: async (req) => {
      await scimGroups.delete(req.actor, req.params.organization_id, req.params.group_id);
      return { status: 204 };
    },
  };
}
