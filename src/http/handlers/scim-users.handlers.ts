import { grantOf } from '../../domain/access/grant.ts';
import type { Services } from '../../domain/index.ts';
import { scimProjection } from '../../domain/scim/scim-attributes.ts';
import type { HandlerMap } from '../handler.ts';
import {
  presentScimUser,
  presentScimUserList,
  SCIM_MEDIA_TYPE,
  scimBase,
  scimUserLocation,
} from '../presenters/scim-users.presenter.ts';

const scim = (status: number, body: unknown, headers?: Record<string, string>) => ({
  status,
  body,
  headers,
  mediaType: SCIM_MEDIA_TYPE,
});

// The projection is read before the service runs: bad `attributes` answer 400 with nothing changed.
export function scimUsersHandlers({ scimUsers }: Services) {
  return {
    ScimUsers_list: async (req) => {
      const org = req.params.organization_id;
      const projection = await scimProjection('User', req.query);
      const page = await scimUsers.list(org, {
        filter: req.query.filter,
        startIndex: req.query.startIndex,
        count: req.query.count,
      });
      return scim(200, presentScimUserList(page, scimBase(req.baseUrl, org), projection));
    },

    ScimUsers_create: async (req) => {
      const base = scimBase(req.baseUrl, req.params.organization_id);
      const projection = await scimProjection('User', req.query);
      const membership = await scimUsers.create(req.actor, grantOf(req.grant, 'organization'), req.body);
      return scim(201, presentScimUser(membership, base, projection), {
        Location: scimUserLocation(base, membership.userId),
      });
    },

    ScimUsers_get: async (req) => {
      const projection = await scimProjection('User', req.query);
      const membership = await scimUsers.get(req.params.organization_id, req.params.user_id);
      return scim(200, presentScimUser(membership, scimBase(req.baseUrl, req.params.organization_id), projection));
    },

    ScimUsers_replace: async (req) => {
      const projection = await scimProjection('User', req.query);
      const membership = await scimUsers.replace(req.params.organization_id, req.params.user_id);
      return scim(200, presentScimUser(membership, scimBase(req.baseUrl, req.params.organization_id), projection));
    },

    ScimUsers_update: async (req) => {
      const projection = await scimProjection('User', req.query);
      const membership = await scimUsers.patch(req.params.organization_id, req.params.user_id, req.body);
      return scim(200, presentScimUser(membership, scimBase(req.baseUrl, req.params.organization_id), projection));
    },

    ScimUsers_delete: async (req) => {
      await scimUsers.delete(req.actor, grantOf(req.grant, 'organization'), req.params.user_id);
      return { status: 204 };
    },
  } satisfies Partial<HandlerMap>;
}
