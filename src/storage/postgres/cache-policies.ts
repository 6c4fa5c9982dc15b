import type {
  ApiKeysRepository,
  AssetsRepository,
  ContentTypesRepository,
  EntriesRepository,
  EnvironmentsRepository,
  LocalesRepository,
  MemberRolesRepository,
  RolesRepository,
  SearchRepository,
  TagsRepository,
} from '../port/index.ts';
import { everyWrite, type CachePolicy } from './cached-repository.ts';
import { userTag } from './identity-repository.ts';
import { spaceTag } from './spaces-repository.ts';

/** Everything about a space's environments and aliases (ids, status, targets) goes stale together. */
export const environmentsTag = (spaceId: string) => `envs:${spaceId}`;
export const localesTag = (spaceId: string, environmentId: string) => `locales:${spaceId}:${environmentId}`;
/** The content types of an environment (its activated model included). */
export const contentTypesTag = (spaceId: string, environmentId: string) => `content-types:${spaceId}:${environmentId}`;
/** Everything derived from a space's API keys (token grants). */
const apiKeysTag = (spaceId: string) => `api-keys:${spaceId}`;
/** The entries and assets of an environment (fields, states, links). */
export const contentTag = (spaceId: string, environmentId: string) => `content:${spaceId}:${environmentId}`;
export const contentTagsTag = (spaceId: string, environmentId: string) => `tags:${spaceId}:${environmentId}`;

/** Everything a read of an environment's content may depend on: cached answers derived from its content carry these. */
export const environmentContentTags = (spaceId: string, environmentId: string) => [
  contentTag(spaceId, environmentId),
  contentTypesTag(spaceId, environmentId),
  localesTag(spaceId, environmentId),
  contentTagsTag(spaceId, environmentId),
  environmentsTag(spaceId),
  spaceTag(spaceId),
];

const envTags = (spaceId: string) => [environmentsTag(spaceId), spaceTag(spaceId)];
const bySpace = (spaceId: string) => [environmentsTag(spaceId)];
const byRecord = (e: { spaceId: string }) => [environmentsTag(e.spaceId)];

export const environmentsCachePolicy: CachePolicy<EnvironmentsRepository> = {
  reads: {
    find: { key: (spaceId, id) => `env:${spaceId}:${id}`, tags: (spaceId) => envTags(spaceId) },
    findAlias: { key: (spaceId, id) => `alias:${spaceId}:${id}`, tags: (spaceId) => envTags(spaceId) },
  },
  writes: {
    insert: byRecord,
    create: byRecord,
    insertAlias: byRecord,
    rename: bySpace,
    changeId: bySpace,
    transition: bySpace,
    delete: bySpace,
    retargetAlias: bySpace,
    deleteAlias: bySpace,
    copyContent: (spaceId, _from, toId) => [environmentsTag(spaceId), localesTag(spaceId, toId)],
  },
};

export const localesCachePolicy: CachePolicy<LocalesRepository> = {
  reads: {
    page: {
      key: (spaceId, environmentId, page) =>
        `locales-page:${spaceId}:${environmentId}:${page.skip}:${page.limit}:${JSON.stringify([page.order ?? [], page.where ?? []])}`,
      tags: (spaceId, environmentId) => [
        localesTag(spaceId, environmentId),
        environmentsTag(spaceId),
        spaceTag(spaceId),
      ],
    },
    // Every entry and asset response names the environment's locales (`sys.fieldStatus`).
    list: {
      key: (spaceId, environmentId) => `locales-list:${spaceId}:${environmentId}`,
      tags: (spaceId, environmentId) => [
        localesTag(spaceId, environmentId),
        environmentsTag(spaceId),
        spaceTag(spaceId),
      ],
    },
  },
  writes: {
    insert: (l) => [localesTag(l.spaceId, l.environmentId)],
    update: (spaceId, environmentId) => [localesTag(spaceId, environmentId)],
    delete: (spaceId, environmentId) => [localesTag(spaceId, environmentId)],
  },
};

const byEnvironment = (spaceId: string, environmentId: string) => [contentTypesTag(spaceId, environmentId)];

export const contentTypesCachePolicy: CachePolicy<ContentTypesRepository> = {
  // Every entry write reads its content type (save-time shape, publish validation) before its transaction.
  reads: {
    find: {
      key: (spaceId, environmentId, id) => `content-type:${spaceId}:${environmentId}:${id}`,
      tags: (spaceId, environmentId) => [
        contentTypesTag(spaceId, environmentId),
        environmentsTag(spaceId),
        spaceTag(spaceId),
      ],
    },
  },
  writes: {
    insert: (c) => [contentTypesTag(c.spaceId, c.environmentId)],
    update: byEnvironment,
    activate: byEnvironment,
    deactivate: byEnvironment,
    delete: byEnvironment,
  },
};

// The activated model is read by every GraphQL request (the schema version) and by REST searches with field filters.
export const searchCachePolicy: CachePolicy<SearchRepository> = {
  reads: {
    activatedContentTypes: {
      key: (scope, ids) =>
        `activated:${scope.spaceId}:${scope.environmentId}:${ids === 'all' ? '*' : JSON.stringify(ids)}`,
      tags: (scope) => [
        contentTypesTag(scope.spaceId, scope.environmentId),
        environmentsTag(scope.spaceId),
        spaceTag(scope.spaceId),
      ],
    },
  },
};

// Every GraphQL request that selects tags reads the environment's tags (their names and visibility).
export const tagsCachePolicy: CachePolicy<TagsRepository> = {
  reads: {
    list: {
      key: (spaceId, environmentId) => `tags-list:${spaceId}:${environmentId}`,
      tags: (spaceId, environmentId) => [
        contentTagsTag(spaceId, environmentId),
        environmentsTag(spaceId),
        spaceTag(spaceId),
      ],
    },
  },
  writes: {
    insert: (t) => [contentTagsTag(t.spaceId, t.environmentId)],
    rename: (spaceId, environmentId) => [contentTagsTag(spaceId, environmentId)],
    delete: (spaceId, environmentId) => [contentTagsTag(spaceId, environmentId)],
  },
};

const byKeySpace = (spaceId: string) => [apiKeysTag(spaceId)];

// Every GraphQL request checks its token.
export const apiKeysCachePolicy: CachePolicy<ApiKeysRepository> = {
  reads: {
    findGrant: {
      key: (token) => `grant:${token}`,
      tagsOfResult: (g) => [apiKeysTag(g.spaceId), environmentsTag(g.spaceId), spaceTag(g.spaceId)],
    },
  },
  writes: { insert: (k) => byKeySpace(k.spaceId), update: byKeySpace, delete: byKeySpace },
};

// Entry and asset writes make the environment's cached delivery responses and totals stale. They are the hot writes:
// other processes hear of them after commit (`cache-announcer.ts`, migration 0015).
const ofRow = (spaceId: string, environmentId: string) => [contentTag(spaceId, environmentId)];
const ofNew = (c: { spaceId: string; environmentId: string }) => [contentTag(c.spaceId, c.environmentId)];

export const entriesCachePolicy = everyWrite<EntriesRepository>({ announcedAfterCommit: true })(
  ['find', 'unknownTags', 'lockContentTypePublishing'],
  {
    insert: ofNew,
    update: ofRow,
    publishValidated: ofNew,
    unpublish: ofRow,
    archive: ofRow,
    unarchive: ofRow,
    delete: ofRow,
    replaceLinks: ofRow,
  },
);

export const assetsCachePolicy = everyWrite<AssetsRepository>({ announcedAfterCommit: true })(['find', 'unknownTags'], {
  insert: ofNew,
  update: ofRow,
  publish: ofRow,
  unpublish: ofRow,
  archive: ofRow,
  unarchive: ofRow,
  delete: ofRow,
  updateFile: ofRow,
});

/**
 * The roles of the members of a space (what the authorizer compiles into their rights). Every write of a role's
 * definition or of a membership's roles invalidates this tag or `spaceTag(spaceId)`: membership writes invalidate
 * `spaceTag` (it also covers `spaces.findAccessible`), role writes this tag.
 */
export const memberRolesTag = (spaceId: string) => `member-roles:${spaceId}`;

// Every request of a member without the admin flag reads their roles; every organization operation reads the
// actor's organization roles. Organization membership writes (role, activation, removal) invalidate the user's tag.
export const memberRolesCachePolicy: CachePolicy<MemberRolesRepository> = {
  reads: {
    rolesOf: {
      key: (spaceId, userId) => `member-roles:${spaceId}:${userId}`,
      tags: (spaceId, userId) => [memberRolesTag(spaceId), spaceTag(spaceId), userTag(userId)],
    },
    organizationRolesOf: { key: (userId) => `organization-roles:${userId}`, tags: (userId) => [userTag(userId)] },
  },
};

/**
 * A user joined or left a team: their team-derived access to every space of the team changed. `spaces.findAccessible`
 * and `memberRoles.rolesOf` carry the user's tag. (Team space membership writes invalidate `spaceTag` of their space,
 * organization membership writes the user's tag, and deleting a team deletes its team space memberships first.)
 */
export const teamAccessTags = (userId: string) => [userTag(userId)];

const ofRoleSpace = (spaceId: string) => [memberRolesTag(spaceId)];

// A new role is in no membership yet; changing or deleting one changes the rights of its members.
export const rolesCachePolicy: CachePolicy<RolesRepository> = {
  writes: { update: ofRoleSpace, delete: ofRoleSpace },
};
