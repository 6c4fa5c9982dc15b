import { createServer, type Server } from 'node:http';
import type { Config } from './config.ts';
import { createAssetFiles, type AssetFiles } from './assets/index.ts';
import { bootstrapIdentity, createServices, type Services } from './domain/index.ts';
import { contentReader } from './domain/delivery/index.ts';
import { createHttpApp } from './http/server.ts';
import { ENVIRONMENT_CLONE_JOB, environmentCloneJob } from './domain/environments/environment-clone-job.ts';
import { SCHEDULED_ACTION_JOB, scheduledActionJob } from './domain/scheduled-actions/scheduled-action-job.ts';
import { createJobRunner, JOBS_PURGE_JOB, jobPurgeJob, scheduleJobPurge, type JobRunner } from './jobs/index.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { rateLimit } from './http/middleware/rate-limit.ts';
import { createRateLimiter, spaceOrganizations } from './rate-limit/index.ts';
import {
  lockDataDir,
  migrate,
  openPGlite,
  openPostgres,
  postgresStorage,
  ReadCache,
  startCacheListener,
  type OpenDatabase,
} from './storage/postgres/index.ts';
import type { Storage } from './storage/port/index.ts';
import { startWebhookThread, startWebhookWork, type WebhookWork } from './workers/webhook-work.ts';
import { usageMeter, type UsageMeter } from './domain/usage/usage-meter.ts';
import { noUsageFlush, startUsageFlush, type UsageFlush } from './workers/usage-flush.ts';

export interface Tessera {
  readonly config: Config;
  readonly storage: Storage;
  /** The open database, for diagnostics and tests that must look below the storage port. */
  readonly database: OpenDatabase;
  /** The read cache, when enabled (diagnostics and tests). */
  readonly cache: ReadCache | undefined;
  readonly services: Services;
  /** The background job runner of this process (started after migrations, stopped by close()). */
  readonly jobs: JobRunner;
  /** The runner of scheduled actions' executions (its own loops and a short lease: see `scheduledActionRunner`). */
  readonly scheduledActionJobs: JobRunner;
  /** Webhook calls: the content event dispatcher and the runner of delivery jobs, on a thread of their own on PostgreSQL. */
  readonly webhooks: WebhookWork;
  /** This process's usage counts on their way to the database (`flush()` stores them now: tests). */
  readonly usage: UsageFlush;
  /** The files directory, its jobs and hosts, and the image host's limits (diagnostics and tests). */
  readonly assetFiles: AssetFiles;
  readonly logger: Logger;
  /** Set when bootstrap generated the first token (print it once). */
  readonly generatedToken: string | undefined;
  listen(port?: number, host?: string): Promise<{ server: Server; port: number }>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** PGlite in memory instead of the data directory (tests). */
  inMemory?: boolean;
  /** With `inMemory`: the dumped data directory of a migrated database to start from (tests: ~0.3 s instead of ~2 s). */
  inMemoryTemplate?: Blob;
  onResponseViolation?: (message: string) => void;
}

/** The composition root: the only place that builds adapters and wires the layers together. */
export async function createTessera(config: Config, options: StartOptions = {}): Promise<Tessera> {
  const logger = createLogger(config.logLevel);
  let releaseLock: (() => Promise<void>) | undefined;
  let open: OpenDatabase;
  if (config.databaseUrl) {
    open = await openPostgres(config.databaseUrl, config.databasePoolSize, (err) =>
      logger.warn({ err }, 'an idle database connection failed; the pool replaces it'),
    );
  } else if (options.inMemory) {
    open = await openPGlite(undefined, options.inMemoryTemplate);
  } else {
    releaseLock = await lockDataDir(config.dataDir);
    open = await openPGlite(`${config.dataDir}/pglite`);
  }
  await migrate(open.db);
  const cache = config.readCache
    ? new ReadCache(undefined, Math.max(config.graphqlResponseCacheMb, 1) * 1024 * 1024)
    : undefined;
  // On a shared PostgreSQL database other processes write too: their invalidations arrive through LISTEN.
  const stopCacheListener =
    cache && open.pool ? await startCacheListener(open.pool.options, cache, logger, open.backendPids) : undefined;
  const storage = postgresStorage(open, {
    cache,
    cacheResponses: config.graphqlResponseCacheMb > 0,
    onAnnounceError: (err) => logger.warn({ err }, 'telling other processes of a write failed; retrying'),
  });
  const assetFiles = createAssetFiles(config, storage, {
    pool: open.pool,
    onError: (err) => logger.warn({ err }, 'the rendition cache sweep failed'),
  });
  const meter = config.usageMetering ? usageMeter() : undefined;
  const usage = meter
    ? startUsageFlush(meter, storage.repos.usage, { intervalMs: config.usageFlushMs, logger })
    : noUsageFlush;
  const services = createServices(storage, {
    ...assetFiles.serviceOptions,
    usage: { beforeRead: () => usage.flush() },
    invitations: { publicBase: () => assetFiles.urls.publicBase },
    webhookDefinitions: { allowPrivateTargets: config.webhookAllowPrivateTargets, vendorToken: config.vendor.token },
  });
  const { generatedToken } = await bootstrapIdentity(storage, {
    adminEmail: config.adminEmail,
    adminToken: config.adminToken,
  });
  const jobs = createJobRunner(storage, { logger });
  jobs.register(ENVIRONMENT_CLONE_JOB, environmentCloneJob(storage));
  await assetFiles.registerJobs(jobs);
  jobs.register(
    JOBS_PURGE_JOB,
    jobPurgeJob(storage, {
      retentionMs: config.jobRetentionDays * 86_400_000,
      eventRetentionMs: config.eventRetentionDays * 86_400_000,
    }),
  );
  await scheduleJobPurge(storage);
  const scheduledActionJobs = scheduledActionRunner(storage, services, logger);
  const webhooks =
    config.webhookThread && open.kind === 'postgres'
      ? await startWebhookThread(config, logger)
      : startWebhookWork(config, storage, logger);
  const limiter = await createRateLimiter({ perSecond: config.rateLimitPerSecond, pool: open.pool });
  const graphqlLimiter = await createRateLimiter({ perSecond: config.graphqlRateLimitPerSecond, pool: open.pool });
  const organizationOf = spaceOrganizations(
    async (spaceId) => (await storage.repos.spaces.find(spaceId))?.organizationId,
  );
  const { listener } = createHttpApp({
    config,
    services,
    logger,
    content: contentReader(storage),
    fileHosts: assetFiles.hosts,
    rateLimit: rateLimit({ limiter, organizationOf, vendor: config.vendor }),
    graphqlRateLimiter: graphqlLimiter,
    completeFileUrl: (url) => assetFiles.urls.complete(url),
    usageMeter: meter,
    meterGraphql: meter && meterInSpace(meter, organizationOf),
    onResponseViolation: options.onResponseViolation && ((message) => options.onResponseViolation!(message)),
  });
  let server: Server | undefined;
  jobs.start();
  scheduledActionJobs.start();

  return {
    config,
    storage,
    database: open,
    cache,
    services,
    jobs,
    scheduledActionJobs,
    webhooks,
    usage,
    assetFiles,
    logger,
    generatedToken,
    listen: (port = config.port, host = config.host) =>
      new Promise((resolve, reject) => {
        server = createServer(listener);
        server.once('error', reject);
        server.listen(port, host, () => {
          server!.off('error', reject);
          const address = server!.address();
          const listening = typeof address === 'object' && address ? address.port : port;
          assetFiles.urls.listeningOn(host, listening);
          resolve({ server: server!, port: listening });
        });
      }),
    async close() {
      if (server) {
        server.closeIdleConnections?.();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await Promise.all([jobs.stop(), scheduledActionJobs.stop(), webhooks.close(), usage.close()]);
      await stopCacheListener?.();
      await storage.close();
      await assetFiles.close();
      await releaseLock?.();
    },
  };
}

/**
 * Scheduled actions run on a runner of their own: actions due in the same second run side by side (its loops) rather
 * than behind environment clones and asset processing, and a process that dies mid-run hands its action on within a
 * short lease (renewed while it runs). Its poll (250 ms) and the claim's `run_at` order put an action's execution
 * well within 2 s of its time.
 */
function scheduledActionRunner(storage: Storage, services: Services, logger: Logger): JobRunner {
  const runner = createJobRunner(storage, { logger, concurrency: 8, leaseMs: 5_000 });
  runner.register(
    SCHEDULED_ACTION_JOB,
    scheduledActionJob(storage, {
      authorize: services.authorizer,
      entries: services.entries,
      assets: services.assets,
    }),
  );
  return runner;
}

/** A GraphQL request counted in its space's organization (read once per space and process, then kept). */
function meterInSpace(meter: UsageMeter, organizationOf: (spaceId: string) => Promise<string | undefined>) {
  return async (spaceId: string): Promise<void> => {
    const organizationId = await organizationOf(spaceId).catch(() => undefined);
    if (organizationId) meter.count('gql', organizationId, spaceId);
  };
}
