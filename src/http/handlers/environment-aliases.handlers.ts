import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { ENVIRONMENT_ALIASES } from '../../domain/shared/collection-schemas.ts';
import { collection } from '../../domain/shared/paging.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentEnvironmentAlias } from '../presenters/environments.presenter.ts';

export function environmentAliasesHandlers({ environments: { aliases } }: Services) {
  return {
    EnvironmentAliases_list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, ENVIRONMENT_ALIASES);
      const { items, total } = await aliases.list(req.params.space_id, page);
      return ok(collection(items.map(presentEnvironmentAlias), total, page));
    },

    EnvironmentAliases_get: async (req) =>
      ok(presentEnvironmentAlias(await aliases.get(req.params.space_id, req.params.alias_id))),

    EnvironmentAliases_createOrUpdate: async (req) => {
      const { space_id: spaceId, alias_id: aliasId } = req.params;
      const result = await aliases.put(req.actor, spaceId, aliasId, req.body.environment.sys.id, req.version);
      const body = presentEnvironmentAlias(result.alias);
      return result.created
        ? created(
            body,
            `${req.baseUrl}/spaces/${encodeURIComponent(spaceId)}/environment_aliases/${encodeURIComponent(aliasId)}`,
          )
        : ok(body);
    },

    EnvironmentAliases_delete: async (req) => {
      await aliases.delete(req.params.space_id, req.params.alias_id);
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
