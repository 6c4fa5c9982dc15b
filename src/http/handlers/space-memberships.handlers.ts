import type { Services } from '../../domain/index.ts';
import {
  compileUmQuery,
  ORGANIZATION_SPACE_MEMBERSHIPS,
  SPACE_SPACE_MEMBERSHIPS,
} from '../../domain/shared/um-collection.ts';
import { created, noContent, ok, type HandlerMap, type RequestContext } from '../handler.ts';
import { presentSpaceMembership } from '../presenters/space-memberships.presenter.ts';
import { umCollection } from '../presenters/um-collection.presenter.ts';

/** The grant says the caller is a member without the admin flag: they may act on their own membership only. */
const ownOnly = (req: RequestContext) => req.grant.scope === 'space' && req.grant.standing === 'member';

export function spaceMembershipsHandlers({ spaceMemberships }: Services) {
  return {
    SpaceMemberships_list: async (req) => {
      const query = compileUmQuery(req.rawQuery, SPACE_SPACE_MEMBERSHIPS);
      return ok(umCollection(await spaceMemberships.list(req.params.space_id, query), query, presentSpaceMembership));
    },

    SpaceMemberships_create: async (req) => {
      const membership = await spaceMemberships.create(req.actor, req.params.space_id, req.body);
      return created(
        presentSpaceMembership(membership),
        `${req.baseUrl}/spaces/${membership.spaceId}/space_memberships/${membership.id}`,
      );
    },

    SpaceMemberships_get: async (req) =>
      ok(presentSpaceMembership(await spaceMemberships.get(req.params.space_id, req.params.space_membership_id))),

    SpaceMemberships_update: async (req) =>
      ok(
        presentSpaceMembership(
          await spaceMemberships.update(
            req.actor,
            req.params.space_id,
            req.params.space_membership_id,
            req.body,
            req.version,
          ),
        ),
      ),

    SpaceMemberships_delete: async (req) => {
      await spaceMemberships.delete(req.actor, req.params.space_id, req.params.space_membership_id, ownOnly(req));
      return noContent();
    },

    OrganizationSpaceMemberships_list: async (req) => {
      const query = compileUmQuery(req.rawQuery, ORGANIZATION_SPACE_MEMBERSHIPS);
      return ok(
        umCollection(
          await spaceMemberships.listInOrganization(req.params.organization_id, query),
          query,
          presentSpaceMembership,
        ),
      );
    },

    OrganizationSpaceMemberships_get: async (req) =>
      ok(
        presentSpaceMembership(
          await spaceMemberships.getInOrganization(req.params.organization_id, req.params.space_membership_id),
        ),
      ),
  } satisfies Partial<HandlerMap>;
}
