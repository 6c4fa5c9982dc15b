import { parseRestSearch, restSearchNeeds } from "./rest-parameters.js";
import { parseQueryString } from "./rest-query-string.js";
import { invalidQuery } from "./search-errors.js";
/** REST search over the entries and assets of an environment: the draft state, or the published one (`.../public/...`). */
export function searchService(storage, resolve) {
    async function run(actor, spaceId, environmentId, rawQuery, target, state) {
        const resolved = await resolve(actor, spaceId, environmentId);
        const { parameters, errors } = parseQueryString(rawQuery);
        if (errors.length)
            throw invalidQuery(errors);
        const scope = { spaceId: resolved.environment.spaceId, environmentId: resolved.environment.id };
        const needs = restSearchNeeds(parameters, target);
        const { search, locales } = storage.repos;
        const [contentTypes, allLocales] = await Promise.all([
            needs.allContentTypes || needs.contentTypeIds.length
                ? search.activatedContentTypes(scope, needs.allContentTypes ? 'all' : needs.contentTypeIds)
                : Promise.resolve(new Map()),
            locales.list(scope.spaceId, scope.environmentId),
        ]);
        const defaultLocale = allLocales.find((l) => l.default)?.code ?? allLocales[0]?.code ?? 'en-US';
        const query = parseRestSearch(parameters, { target, state }, { target, defaultLocale, contentTypes });
        return { query, scope, requestedId: resolved.requestedId, localeCodes: allLocales.map((l) => l.code) };
    }
    return {
        async entries(actor, spaceId, environmentId, rawQuery, state) {
            const { query, scope, requestedId, localeCodes } = await run(actor, spaceId, environmentId, rawQuery, 'Entry', state);
            const page = await storage.repos.search.entries(scope, { ...query, target: 'Entry' });
            return { ...page, skip: query.skip, limit: query.limit, select: query.select, environmentId: requestedId, localeCodes };
        },
        async assets(actor, spaceId, environmentId, rawQuery, state) {
            const { query, scope, requestedId, localeCodes } = await run(actor, spaceId, environmentId, rawQuery, 'Asset', state);
            const page = await storage.repos.search.assets(scope, { ...query, target: 'Asset' });
            return { ...page, skip: query.skip, limit: query.limit, select: query.select, environmentId: requestedId, localeCodes };
        },
    };
}
