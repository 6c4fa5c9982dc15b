import type { CachedResponse, ContentResponseCache } from '../port/index.ts';
import { contentTag, contentTagsTag, contentTypesTag, environmentsTag, localesTag } from './cache-policies.ts';
import type { ReadCache } from './read-cache.ts';
import { spaceTag } from './spaces-repository.ts';

/** Everything a delivery response of an environment may have read. */
const dependencies = (spaceId: string, environmentId: string) => [
  contentTag(spaceId, environmentId), contentTypesTag(spaceId, environmentId), localesTag(spaceId, environmentId),
  contentTagsTag(spaceId, environmentId), environmentsTag(spaceId), spaceTag(spaceId),
];

/** Responses live in the read cache beside the reads, sized by their bodies, so the same invalidations reach them. */
export function contentResponseCache(cache: ReadCache): ContentResponseCache {
  const keyOf = (spaceId: string, environmentId: string, key: string) => `response:${spaceId}:${environmentId}:${key}`;
  return {
    get: (scope, key) => (cache.enabled ? cache.get<CachedResponse>(keyOf(scope.spaceId, scope.environmentId, key)) : undefined),
    begin: () => cache.begin(),
    set(scope, key, response, startedAt) {
      const { spaceId, environmentId } = scope;
      cache.set(keyOf(spaceId, environmentId, key), response, dependencies(spaceId, environmentId), startedAt, response.body.length + key.length);
    },
  };
}
