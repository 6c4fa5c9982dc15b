import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { ORGANIZATION_TEAM_MEMBERSHIPS, TEAM_MEMBERSHIPS } from '../../domain/shared/user-management-collections.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentTeamMembership } from '../presenters/teams.presenter.ts';
import { umCollection } from '../presenters/um-collection.presenter.ts';

export function teamMembershipsHandlers({ teamMemberships }: Services) {
  return {
    TeamMemberships_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, TEAM_MEMBERSHIPS);
      const page = await teamMemberships.list(req.params.organization_id, req.params.team_id, query);
      return ok(umCollection(page, query, presentTeamMembership));
    },

    OrganizationTeamMemberships_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, ORGANIZATION_TEAM_MEMBERSHIPS);
      const page = await teamMemberships.list(req.params.organization_id, undefined, query);
      return ok(umCollection(page, query, presentTeamMembership));
    },

    TeamMemberships_get: async (req) =>
      ok(
        presentTeamMembership(
          await teamMemberships.get(req.params.organization_id, req.params.team_id, req.params.team_membership_id),
        ),
      ),

    TeamMemberships_create: async (req) => {
      const { organization_id: organizationId, team_id: teamId } = req.params;
      const membership = await teamMemberships.create(
        req.actor,
        organizationId,
        teamId,
        req.body.organizationMembershipId,
      );
      return created(
        presentTeamMembership(membership),
        `${req.baseUrl}/organizations/${organizationId}/teams/${teamId}/team_memberships/${membership.id}`,
      );
    },

    TeamMemberships_delete: async (req) => {
      await teamMemberships.delete(req.params.organization_id, req.params.team_id, req.params.team_membership_id);
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
