import type { ContentChange, Repositories, Storage } from '../port/index.ts';
import { apiKeysRepository } from './api-keys-repository.ts';
import type { OpenDatabase } from './database.ts';
import { environmentsRepository } from './environments-repository.ts';
import type { Executor } from './executor.ts';
import { cacheAnnouncer } from './cache-announcer.ts';
import { notifyOnPool, rootCacheContext, transactionCacheContext, type CacheContext } from './cache-context.ts';
import type { ReadCache } from './read-cache.ts';
import { identityRepository } from './identity-repository.ts';
import { membersRepository } from './members-repository.ts';
import { jobsRepository } from './jobs-repository.ts';
import { eventsRepository } from './events-repository.ts';
import { localesRepository } from './locales-repository.ts';
import { spacesRepository } from './spaces-repository.ts';
import { contentTypesRepository } from './content-types-repository.ts';
import { editorInterfacesRepository } from './editor-interfaces-repository.ts';
import { extensionsRepository } from './extensions-repository.ts';
import { entriesRepository } from './entries-repository.ts';
import { entryBatches, type EntryBatches } from './entry-batches.ts';
import { assetsRepository } from './assets-repository.ts';
import { snapshotsRepository } from './snapshots-repository.ts';
import { uploadsRepository } from './uploads-repository.ts';
import { searchRepository } from './search/search-repository.ts';
import { tagsRepository } from './tags-repository.ts';
import { rolesRepository } from './roles-repository.ts';
import { memberRolesRepository } from './member-roles-repository.ts';
import { linkedRecordsRepository } from './linked-records-repository.ts';
import { teamsRepository } from './teams-repository.ts';
import { teamSpaceMembershipsRepository } from './team-space-memberships-repository.ts';
import { webhooksRepository } from './webhooks-repository.ts';
import { scheduledActionsRepository } from './scheduled-actions-repository.ts';
import { appsRepository } from './apps-repository.ts';
import { callLogPrunes, webhookCallsRepository, type CallLogPrunes } from './webhook-calls-repository.ts';
import { withCache } from './cached-repository.ts';
import { usageRepository } from './usage-repository.ts';
import {
  apiKeysCachePolicy,
  assetsCachePolicy,
  contentTypesCachePolicy,
  entriesCachePolicy,
  environmentsCachePolicy,
  localesCachePolicy,
  memberRolesCachePolicy,
  rolesCachePolicy,
  searchCachePolicy,
  tagsCachePolicy,
} from './cache-policies.ts';
import { contentResponseCache } from './content-response-cache.ts';

/** `pool`: the database itself on a PostgreSQL server (several connections), undefined on PGlite (one session). */
function repositories(
  db: Executor,
  cache: CacheContext,
  pool: OpenDatabase['db'] | undefined,
  prunes: CallLogPrunes,
  batches?: EntryBatches,
): Repositories {
  return {
    identity: identityRepository(db, cache),
    members: membersRepository(db, cache),
    spaces: spacesRepository(db, cache),
    environments: withCache(environmentsRepository(db, pool), cache, environmentsCachePolicy),
    locales: withCache(localesRepository(db), cache, localesCachePolicy),
    apiKeys: withCache(apiKeysRepository(db), cache, apiKeysCachePolicy),
    jobs: jobsRepository(db),
    contentTypes: withCache(contentTypesRepository(db), cache, contentTypesCachePolicy),
    editorInterfaces: editorInterfacesRepository(db),
    extensions: extensionsRepository(db),
    entries: withCache(entriesRepository(db, batches), cache, entriesCachePolicy),
    assets: withCache(assetsRepository(db), cache, assetsCachePolicy),
    snapshots: snapshotsRepository(db),
    uploads: uploadsRepository(db),
    search: withCache(searchRepository(db, cache), cache, searchCachePolicy),
    tags: withCache(tagsRepository(db), cache, tagsCachePolicy),
    roles: withCache(rolesRepository(db, cache), cache, rolesCachePolicy),
    memberRoles: withCache(memberRolesRepository(db), cache, memberRolesCachePolicy),
    teams: teamsRepository(db, cache),
    teamSpaceMemberships: teamSpaceMembershipsRepository(db, cache),
    linkedRecords: linkedRecordsRepository(db),
    webhooks: webhooksRepository(db),
    webhookCalls: webhookCallsRepository(db, prunes),
    events: eventsRepository(db),
    scheduledActions: scheduledActionsRepository(db),
    apps: appsRepository(db, cache),
    usage: usageRepository(db),
  };
}

export interface StorageOptions {
  /** Hot reads are served from this cache; writes invalidate it (in every process when the database is shared). */
  cache?: ReadCache;
  /** Also keep rendered delivery responses in `cache` (sized by their bodies). */
  cacheResponses?: boolean;
  /** An announcement to the other processes failed (it is retried). */
  onAnnounceError?: (error: unknown) => void;
  /** The least time between two announcements (cache-announcer.ts; default 10 ms). */
  announceIntervalMs?: number;
}

/**
 * A deadlock or serialization failure rolled the whole transaction back, and the same work may well succeed at once
 * (two writers met in opposite lock order, e.g. an alias opt-in renaming `master` while an environment copy reads it).
 */
const RETRIED_SQLSTATES = new Set(['40P01', '40001']);
const TRANSACTION_ATTEMPTS = 3;

/** Sets what the event triggers of the transaction's writes record of `change` (nothing when it adds nothing). */
function recordChange(repos: Repositories, change: ContentChange): Promise<void> {
  return repos.events.describeTransaction({
    requestedEnvironmentId: change.requestedEnvironmentId,
    action: change.autoSave ? 'auto_save' : undefined,
    actorId: change.actorId,
  });
}

/** The PostgreSQL adapter of the storage port, on a server or on PGlite. */
export function postgresStorage(open: OpenDatabase, options: StorageOptions = {}): Storage {
  const shared = open.kind === 'postgres';
  const pool = shared ? open.db : undefined;
  const announcer = open.pool
    ? cacheAnnouncer(
        notifyOnPool(open.pool),
        options.onAnnounceError ?? (() => {}),
        undefined,
        options.announceIntervalMs,
      )
    : undefined;
  const prunes = callLogPrunes();
  return {
    kind: open.kind,
    repos: repositories(
      open.db,
      rootCacheContext(open.db, options.cache, announcer),
      pool,
      prunes,
      entryBatches(open.db),
    ),
    responses: options.cache && options.cacheResponses ? contentResponseCache(options.cache) : undefined,
    async transaction(work, transactionOptions) {
      for (let attempt = 1; ; attempt++) {
        const tx = transactionCacheContext(options.cache, announcer);
        const begin = open.db.transaction();
        try {
          const result = await (
            transactionOptions?.snapshot ? begin.setIsolationLevel('repeatable read') : begin
          ).execute(async (executor) => {
            const repos = repositories(executor, tx.context, pool, prunes);
            if (transactionOptions?.change) await recordChange(repos, transactionOptions.change);
            const value = await work(repos);
            await tx.beforeCommit(executor);
            return value;
          });
          tx.afterCommit();
          return result;
        } catch (error) {
          if (attempt >= TRANSACTION_ATTEMPTS || !RETRIED_SQLSTATES.has((error as { code?: unknown }).code as string))
            throw error;
        }
      }
    },
    async close() {
      await announcer?.close();
      await open.close();
    },
  };
}
