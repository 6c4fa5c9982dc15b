import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import {
  ORGANIZATION_TEAM_SPACE_MEMBERSHIPS,
  SPACE_MEMBERS,
  SPACE_TEAM_SPACE_MEMBERSHIPS,
} from '../../domain/shared/user-management-collections.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentSpaceMember, presentTeamSpaceMembership } from '../presenters/team-space-memberships.presenter.ts';
import { umCollection } from '../presenters/um-collection.presenter.ts';

/** Team space memberships (per space and organization-wide) and the derived space members view. */
export function teamSpaceMembershipsHandlers({ teamSpaceMemberships, spaceMembers }: Services) {
  return {
    TeamSpaceMemberships_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, SPACE_TEAM_SPACE_MEMBERSHIPS);
      return ok(
        umCollection(await teamSpaceMemberships.list(req.params.space_id, query), query, presentTeamSpaceMembership),
      );
    },

    TeamSpaceMemberships_create: async (req) => {
      const membership = await teamSpaceMemberships.create(
        req.actor,
        req.params.space_id,
        req.vendorHeader('Team')!,
        req.body,
      );
      return created(
        presentTeamSpaceMembership(membership),
        `${req.baseUrl}/spaces/${membership.spaceId}/team_space_memberships/${membership.id}`,
      );
    },

    TeamSpaceMemberships_get: async (req) =>
      ok(
        presentTeamSpaceMembership(
          await teamSpaceMemberships.get(req.params.space_id, req.params.team_space_membership_id),
        ),
      ),

    TeamSpaceMemberships_update: async (req) =>
      ok(
        presentTeamSpaceMembership(
          await teamSpaceMemberships.update(
            req.actor,
            req.params.space_id,
            req.params.team_space_membership_id,
            req.body,
            req.version,
          ),
        ),
      ),

    TeamSpaceMemberships_delete: async (req) => {
      await teamSpaceMemberships.delete(req.params.space_id, req.params.team_space_membership_id);
      return noContent();
    },

    OrganizationTeamSpaceMemberships_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, ORGANIZATION_TEAM_SPACE_MEMBERSHIPS);
      const page = await teamSpaceMemberships.listInOrganization(req.params.organization_id, query);
      return ok(umCollection(page, query, presentTeamSpaceMembership));
    },

    OrganizationTeamSpaceMemberships_get: async (req) =>
      ok(
        presentTeamSpaceMembership(
          await teamSpaceMemberships.getInOrganization(req.params.organization_id, req.params.team_space_membership_id),
        ),
      ),

    SpaceMembers_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, SPACE_MEMBERS);
      return ok(umCollection(await spaceMembers.list(req.params.space_id, query), query, presentSpaceMember));
    },

    SpaceMembers_get: async (req) =>
      ok(presentSpaceMember(await spaceMembers.get(req.params.space_id, req.params.space_member_id))),
  } satisfies Partial<HandlerMap>;
}
