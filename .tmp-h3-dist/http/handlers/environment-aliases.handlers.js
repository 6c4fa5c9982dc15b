import { collection, parsePage } from "../../domain/shared/paging.js";
import { created, noContent, ok } from "../handler.js";
import { presentEnvironmentAlias } from "../presenters/environments.presenter.js";
const orderable = { 'sys.createdAt': 'createdAt', 'sys.updatedAt': 'updatedAt', 'sys.id': 'id' };
export function environmentAliasesHandlers({ environments: { aliases } }) {
    return {
        EnvironmentAliases_list: async (req) => {
            const page = parsePage(req.query, orderable, [{ key: 'createdAt', direction: 'asc' }, { key: 'id', direction: 'asc' }]);
            const { items, total } = await aliases.list(req.actor, req.params.space_id, page);
            return ok(collection(items.map(presentEnvironmentAlias), total, page));
        },
        EnvironmentAliases_get: async (req) => ok(presentEnvironmentAlias(await aliases.get(req.actor, req.params.space_id, req.params.alias_id))),
        EnvironmentAliases_createOrUpdate: async (req) => {
            const { space_id: spaceId, alias_id: aliasId } = req.params;
            const result = await aliases.put(req.actor, spaceId, aliasId, req.body.environment.sys.id, req.version);
            const body = presentEnvironmentAlias(result.alias);
            return result.created
                ? created(body, `${req.baseUrl}/spaces/${encodeURIComponent(spaceId)}/environment_aliases/${encodeURIComponent(aliasId)}`)
                : ok(body);
        },
        EnvironmentAliases_delete: async (req) => {
            await aliases.delete(req.actor, req.params.space_id, req.params.alias_id);
            return noContent();
        },
    };
}
