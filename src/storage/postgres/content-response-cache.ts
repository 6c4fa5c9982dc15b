import type { CachedResponse, ContentResponseCache } from '../port/index.ts';
import { environmentContentTags } from './cache-policies.ts';
import type { ReadCache } from './read-cache.ts';

/** Responses live in the read cache beside the reads, sized by their bodies, so the same invalidations reach them. */
export function contentResponseCache(cache: ReadCache): ContentResponseCache {
  const keyOf = (spaceId: string, environmentId: string, key: string) => `response:${spaceId}:${environmentId}:${key}`;
  return {
    get: (scope, key) =>
      cache.enabled ? cache.get<CachedResponse>(keyOf(scope.spaceId, scope.environmentId, key)) : undefined,
    begin: () => cache.begin(),
    set(scope, key, response, startedAt) {
      const { spaceId, environmentId } = scope;
      cache.set(
        keyOf(spaceId, environmentId, key),
        response,
        environmentContentTags(spaceId, environmentId),
        startedAt,
        response.body.length + key.length,
      );
    },
  };
}
