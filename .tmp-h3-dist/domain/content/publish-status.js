/**
 * The status clients derive from `sys` (the official SDK's rule): never published (or unpublished) is `draft`,
 * `version = publishedVersion + 1` is `published`, anything later is `changed`.
 */
export function publishStatus(state) {
    if (state.publishedVersion === null || state.publishedVersion === undefined)
        return 'draft';
    return state.version > state.publishedVersion + 1 ? 'changed' : 'published';
}
/**
 * `sys.fieldStatus`: `{"*": {<locale code>: status}}` for every locale of the environment. Locales are not published
 * one by one, so each carries the status of the whole entity.
 */
export function fieldStatus(state, localeCodes) {
    const status = publishStatus(state);
    return { '*': Object.fromEntries(localeCodes.map((code) => [code, status])) };
}
