import { spaceTag } from "./spaces-repository.js";
/** Everything about a space's environments and aliases (ids, status, targets) goes stale together. */
export const environmentsTag = (spaceId) => `envs:${spaceId}`;
export const localesTag = (spaceId, environmentId) => `locales:${spaceId}:${environmentId}`;
const envTags = (spaceId) => [environmentsTag(spaceId), spaceTag(spaceId)];
const bySpace = (spaceId) => [environmentsTag(spaceId)];
const byRecord = (e) => [environmentsTag(e.spaceId)];
export const environmentsCachePolicy = {
    reads: {
        find: { key: (spaceId, id) => `env:${spaceId}:${id}`, tags: (spaceId) => envTags(spaceId) },
        findAlias: { key: (spaceId, id) => `alias:${spaceId}:${id}`, tags: (spaceId) => envTags(spaceId) },
    },
    writes: {
        insert: byRecord, create: byRecord, insertAlias: byRecord,
        rename: bySpace, changeId: bySpace, transition: bySpace, delete: bySpace, retargetAlias: bySpace, deleteAlias: bySpace,
        copyContent: (spaceId, _from, toId) => [environmentsTag(spaceId), localesTag(spaceId, toId)],
    },
};
export const localesCachePolicy = {
    reads: {
        page: {
            key: (spaceId, environmentId, page) => `locales-page:${spaceId}:${environmentId}:${page.skip}:${page.limit}`,
            tags: (spaceId, environmentId) => [localesTag(spaceId, environmentId), environmentsTag(spaceId), spaceTag(spaceId)],
        },
        // Every entry and asset response names the environment's locales (`sys.fieldStatus`).
        list: {
            key: (spaceId, environmentId) => `locales-list:${spaceId}:${environmentId}`,
            tags: (spaceId, environmentId) => [localesTag(spaceId, environmentId), environmentsTag(spaceId), spaceTag(spaceId)],
        },
    },
    writes: {
        insert: (l) => [localesTag(l.spaceId, l.environmentId)],
        update: (spaceId, environmentId) => [localesTag(spaceId, environmentId)],
        delete: (spaceId, environmentId) => [localesTag(spaceId, environmentId)],
    },
};
