import type { AssetRecord, EntryRecord, Storage } from '../../storage/port/index.ts';
import type { ResolveEnvironment } from '../environments/environment-resolver.ts';
import type { Actor } from '../shared/actor.ts';
import { readableWhere } from '../access/entity-access.ts';
import type { SpaceRights } from '../access/space-rights.ts';
import { and, type ContentState, type SearchTarget, type Selection } from './query.ts';
import { parseRestSearch, restSearchNeeds } from './rest-parameters.ts';
import { parseQueryString } from './rest-query-string.ts';
import { invalidQuery } from './search-errors.ts';

/** One page of a search, with what the response echoes. `environmentId` is the id the client named (an alias stays an alias). */
export interface SearchPage<R> {
  items: R[];
  total: number;
  skip: number;
  limit: number;
  select: Selection | undefined;
  environmentId: string;
  /** The environment's locale codes, for `sys.fieldStatus`. */
  localeCodes: string[];
}

/** REST search over the entries and assets of an environment: the draft state, or the published one (`.../public/...`). */
export function searchService(storage: Storage, resolve: ResolveEnvironment) {
  async function run(
    actor: Actor,
    rights: SpaceRights,
    spaceId: string,
    environmentId: string | undefined,
    rawQuery: string,
    target: SearchTarget,
    state: ContentState,
  ) {
    const resolved = await resolve(spaceId, environmentId);
    const { parameters, errors } = parseQueryString(rawQuery);
    if (errors.length) throw invalidQuery(errors);
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
    const parsed = parseRestSearch(parameters, { target, state }, { target, defaultLocale, contentTypes });
    // A member sees only what their read policies allow: the condition is part of the one query (total and paging count it).
    const readable = readableWhere(rights, target);
    const query = readable ? { ...parsed, where: and(parsed.where, readable) } : parsed;
    return { query, scope, requestedId: resolved.requestedId, localeCodes: allLocales.map((l) => l.code) };
  }

  return {
    async entries(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      rawQuery: string,
      state: ContentState,
    ): Promise<SearchPage<EntryRecord>> {
      const { query, scope, requestedId, localeCodes } = await run(
        actor,
        rights,
        spaceId,
        environmentId,
        rawQuery,
        'Entry',
        state,
      );
      const page = await storage.repos.search.entries(scope, { ...query, target: 'Entry' });
      return {
        ...page,
        skip: query.skip,
        limit: query.limit,
        select: query.select,
        environmentId: requestedId,
        localeCodes,
      };
    },

    async assets(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      rawQuery: string,
      state: ContentState,
    ): Promise<SearchPage<AssetRecord>> {
      const { query, scope, requestedId, localeCodes } = await run(
        actor,
        rights,
        spaceId,
        environmentId,
        rawQuery,
        'Asset',
        state,
      );
      const page = await storage.repos.search.assets(scope, { ...query, target: 'Asset' });
      return {
        ...page,
        skip: query.skip,
        limit: query.limit,
        select: query.select,
        environmentId: requestedId,
        localeCodes,
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
