import { grantOf } from '../../domain/access/grant.ts';
import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import {
  ORGANIZATION_SPACE_MEMBERSHIPS,
  SPACE_SPACE_MEMBERSHIPS,
} from '../../domain/shared/user-management-collections.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentSpaceMembership } from '../presenters/space-memberships.presenter.ts';
import { umCollection } from '../presenters/um-collection.presenter.ts';

export function spaceMembershipsHandlers({ spaceMemberships }: Services) {
  return {
    SpaceMemberships_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, SPACE_SPACE_MEMBERSHIPS);
      return ok(umCollection(await spaceMemberships.list(req.params.space_id, query), query, presentSpaceMembership));
    },

    SpaceMemberships_create: async (req) => {
      const membership = await spaceMemberships.create(req.actor, grantOf(req.grant, 'space'), req.body);
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
      await spaceMemberships.delete(req.actor, grantOf(req.grant, 'space'), req.params.space_membership_id);
      return noContent();
    },

    OrganizationSpaceMemberships_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, ORGANIZATION_SPACE_MEMBERSHIPS);
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
