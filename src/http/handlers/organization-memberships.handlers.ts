import type { Services } from '../../domain/index.ts';
import { compileUmQuery, ORGANIZATION_MEMBERSHIPS } from '../../domain/shared/um-collection.ts';
import { noContent, ok, type HandlerMap } from '../handler.ts';
import { presentOrganizationMembership } from '../presenters/members.presenter.ts';
import { umCollection } from '../presenters/um-collection.presenter.ts';

export function organizationMembershipsHandlers({ organizationMemberships }: Services) {
  return {
    OrganizationMemberships_list: async (req) => {
      const query = compileUmQuery(req.rawQuery, ORGANIZATION_MEMBERSHIPS);
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
          await organizationMemberships.get(
            req.actor,
            req.params.organization_id,
            req.params.organization_membership_id,
          ),
        ),
      ),

    OrganizationMemberships_update: async (req) =>
      ok(
        presentOrganizationMembership(
          await organizationMemberships.updateRole(
            req.actor,
            req.params.organization_id,
            req.params.organization_membership_id,
            req.body.role,
            req.version,
          ),
        ),
      ),

    OrganizationMemberships_delete: async (req) => {
      await organizationMemberships.delete(
        req.actor,
        req.params.organization_id,
        req.params.organization_membership_id,
      );
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
