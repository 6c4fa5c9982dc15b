import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { TEAMS } from '../../domain/shared/user-management-collections.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentTeam } from '../presenters/teams.presenter.ts';
import { umCollection } from '../presenters/um-collection.presenter.ts';

export function teamsHandlers({ teams }: Services) {
  return {
    Teams_list: async (req) => {
      const query = compileCollectionQuery(req.rawQuery, TEAMS);
      return ok(umCollection(await teams.list(req.params.organization_id, query), query, presentTeam));
    },

    Teams_get: async (req) => ok(presentTeam(await teams.get(req.params.organization_id, req.params.team_id))),

    Teams_create: async (req) => {
      const team = await teams.create(req.actor, req.params.organization_id, req.body);
      return created(presentTeam(team), `${req.baseUrl}/organizations/${team.organizationId}/teams/${team.id}`);
    },

    Teams_update: async (req) =>
      ok(
        presentTeam(
          await teams.update(req.actor, req.params.organization_id, req.params.team_id, req.body, req.version),
        ),
      ),

    Teams_delete: async (req) => {
      await teams.delete(req.params.organization_id, req.params.team_id);
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
