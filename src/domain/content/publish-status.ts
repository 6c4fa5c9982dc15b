import type { PublishState } from '../../storage/port/index.ts';

export type PublishStatus = 'draft' | 'changed' | 'published';

/**
 * The status clients derive from `sys` (the official SDK's rule): never published (or unpublished) is `draft`,
 * `version = publishedVersion + 1` is `published`, anything later is `changed`.
 */
export function publishStatus(state: Pick<PublishState, 'version' | 'publishedVersion'>): PublishStatus {
  if (state.publishedVersion === null || state.publishedVersion === undefined) return 'draft';
  return state.version > state.publishedVersion + 1 ? 'changed' : 'published';
}

/**
 * `sys.fieldStatus`: `{"*": {<locale code>: status}}` for every locale of the environment. Locales are not published
 * one by one, so each carries the status of the whole entity.
 */
export function fieldStatus(state: Pick<PublishState, 'version' | 'publishedVersion'>, localeCodes: readonly string[]) {
  const status = publishStatus(state);
  return { '*': Object.fromEntries(localeCodes.map((code) => [code, status])) };
}
