import { createAssetFiles } from "./assets/index.js";
import { bootstrapIdentity, createServices } from "./domain/index.js";
import { createHttpApp } from "./http/server.js";
import { ENVIRONMENT_CLONE_JOB, environmentCloneJob } from "./domain/environments/environment-clone-job.js";
import { createJobRunner, JOBS_PURGE_JOB, jobPurgeJob, scheduleJobPurge } from "./jobs/index.js";
import { createLogger } from "./lib/logger.js";
import { rateLimit } from "./http/middleware/rate-limit.js";
import { createRateLimiter, spaceOrganizations } from "./rate-limit/index.js";
import { lockDataDir, migrate, openPGlite, openPostgres, postgresStorage, ReadCache, startCacheListener } from "./storage/postgres/index.js";
/** The composition root: the only place that builds adapters and wires the layers together. */
export async function createTessera(config, options = {}) {
    const logger = createLogger(config.logLevel);
    let releaseLock;
    let open;
    if (config.databaseUrl) {
        open = await openPostgres(config.databaseUrl);
    }
    else if (options.inMemory) {
        open = await openPGlite(undefined);
    }
    else {
        releaseLock = await lockDataDir(config.dataDir);
        open = await openPGlite(`${config.dataDir}/pglite`);
    }
    await migrate(open.db);
    const cache = config.readCache ? new ReadCache() : undefined;
    // On a shared PostgreSQL database other processes write too: their invalidations arrive through LISTEN.
    const stopCacheListener = cache && open.pool ? await startCacheListener(open.pool.options, cache, logger) : undefined;
    const storage = postgresStorage(open, { cache });
    const assetFiles = createAssetFiles(config, storage);
    const services = createServices(storage, assetFiles.serviceOptions);
    const { generatedToken } = await bootstrapIdentity(storage, { adminEmail: config.adminEmail, adminToken: config.adminToken });
    const jobs = createJobRunner(storage, { logger });
    jobs.register(ENVIRONMENT_CLONE_JOB, environmentCloneJob(storage));
    await assetFiles.registerJobs(jobs);
    jobs.register(JOBS_PURGE_JOB, jobPurgeJob(storage, { retentionMs: config.jobRetentionDays * 24 * 60 * 60 * 1000 }));
    await scheduleJobPurge(storage);
    const limiter = await createRateLimiter({ perSecond: config.rateLimitPerSecond, pool: open.pool });
    const graphqlLimiter = await createRateLimiter({ perSecond: config.graphqlRateLimitPerSecond, pool: open.pool });
    const organizationOf = spaceOrganizations(async (spaceId) => (await storage.repos.spaces.find(spaceId))?.organizationId);
    const app = createHttpApp({
        config, services, logger, storage, fileHosts: assetFiles.hosts, rateLimit: rateLimit({ limiter, organizationOf, vendor: config.vendor }),
        graphqlRateLimiter: graphqlLimiter,
        onResponseViolation: options.onResponseViolation && ((message) => options.onResponseViolation(message)),
    });
    let server;
    jobs.start();
    return {
        config, storage, database: open, cache, services, jobs, logger, generatedToken,
        listen: (port = config.port, host = config.host) => new Promise((resolve, reject) => {
            server = app.listen(port, host, (error) => {
                if (error)
                    return reject(error);
                const address = server.address();
                resolve({ server: server, port: typeof address === 'object' && address ? address.port : port });
            });
        }),
        async close() {
            if (server) {
                server.closeIdleConnections?.();
                await new Promise((resolve) => server.close(() => resolve()));
            }
            await jobs.stop();
            await stopCacheListener?.();
            await storage.close();
            await assetFiles.close();
            await releaseLock?.();
        },
    };
}
