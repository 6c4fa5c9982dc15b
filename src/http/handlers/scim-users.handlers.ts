import type { Services } from '../../domain/index.ts';
import type { HandlerMap } from '../handler.ts';
import { presentScimUser, presentScimUserList, SCIM_MEDIA_TYPE, scimBase, scimUserLocation } from '../presenters/scim-users.presenter.ts';

const integer = (value: unknown) => (value === undefined || value === '' ? undefined : Math.trunc(Number(value)));
const scim = (status: number, body: unknown, headers?: Record<string, string>) => ({ status, body, headers, mediaType: SCIM_MEDIA_TYPE });

export function scimUsersHandlers({ scimUsers }: Services): HandlerMap {
  return {
    ScimUsers_list: async (req) => {
      const org = req.params.organization_id;
      const page = await scimUsers.list(req.actor, org, {
        filter: typeof req.query.filter === 'string' ? req.query.filter : undefined,
        startIndex: integer(req.query.startIndex), count: integer(req.query.count),
      });
      return scim(200, presentScimUserList(page, scimBase(req.baseUrl, org)));
    },

    ScimUsers_create: async (req) => {
      const base = scimBase(req.baseUrl, req.params.organization_id);
      const membership = await scimUsers.create(req.actor, req.params.organization_id, req.body);
      return scim(201, presentScimUser(membership, base), { Location: scimUserLocation(base, membership.userId) });
    },

    ScimUsers_get: async (req) => scim(200, presentScimUser(
      await scimUsers.get(req.actor, req.params.organization_id, req.params.user_id), scimBase(req.baseUrl, req.params.organization_id))),

    ScimUsers_replace: async (req) => scim(200, presentScimUser(
      await scimUsers.replace(req.actor, req.params.organization_id, req.params.user_id), scimBase(req.baseUrl, req.params.organization_id))),

    ScimUsers_update: async (req) => scim(200, presentScimUser(
      await scimUsers.patch(req.actor, req.params.organization_id, req.params.user_id, req.body), scimBase(req.baseUrl, req.params.organization_id))),

    ScimUsers_delete: async (req) => {
      await scimUsers.delete(req.actor, req.params.organization_id, req.params.user_id);
      return { status: 204 };
    },
  };
}
