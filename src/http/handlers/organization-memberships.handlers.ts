import { grantOf } from '../../domain/access/grant.ts';
import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { ORGANIZATION_MEMBERSHIPS } from '../../domain/shared/user-management-collections.ts';
import { noContent, ok, type HandlerMap } from '../handler.ts';
import { presentOrganizationMembership } from '../presenters/members.presenter.ts';
import { umCollection } from '../presenters/um-collection.presenter.ts';

export function organizationMembershipsHandlers({ organizationMemberships }: Services) {
  return {
    OrganizationMemberships_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, ORGANIZATION_MEMBERSHIPS);
      return ok(
        umCollection(
          await organizationMemberships.list(req.params.organization_id, query),
          query,
          presentOrganizationMembership,
        ),
      );
    },

    OrganizationMemberships_get: async (req) =>
      ok(
        presentOrganizationMembership(
          await organizationMemberships.get(req.params.organization_id, req.params.organization_membership_id),
        ),
      ),

    OrganizationMemberships_update: async (req) =>
      ok(
        presentOrganizationMembership(
          await organizationMemberships.updateRole(
            req.actor,
            grantOf(req.grant, 'organization'),
            req.params.organization_membership_id,
            req.body.role,
            req.version,
          ),
        ),
      ),

    OrganizationMemberships_delete: async (req) => {
      await organizationMemberships.delete(
        req.actor,
        grantOf(req.grant, 'organization'),
        req.params.organization_membership_id,
      );
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
