import { notFound } from "../../errors/index.js";
import { MASTER } from "../spaces/spaces-service.js";
/**
 * Resolves `/spaces/{s}/environments/{e}` (or the path without an environment, meaning `master`): an alias id
 * routes to its target. Content paths need a ready environment; an environment still being created is not found yet.
 */
export function environmentResolver(storage, spaces) {
    const { environments } = storage.repos;
    return async function resolve(actor, spaceId, environmentId, options = {}) {
        const access = await spaces.access(actor, spaceId);
        const requestedId = environmentId ?? MASTER;
        const alias = access.space.aliasesEnabled ? await environments.findAlias(spaceId, requestedId) : undefined;
        const environment = await environments.find(spaceId, alias ? alias.environmentId : requestedId);
        if (!environment || ((options.requireReady ?? true) && environment.status !== 'ready')) {
            throw notFound('Environment', requestedId, { space: spaceId });
        }
        return { access, environment, requestedId, aliasId: alias?.id };
    };
}
