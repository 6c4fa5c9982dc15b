/** The periodic purge of succeeded jobs: one queued at a time, re-enqueued by each run. */
export const JOBS_PURGE_JOB = 'jobs.purge';
const BATCH = 1000;
/**
 * Deletes succeeded jobs finished more than the retention ago, in batches claimed with SKIP LOCKED, so purges in
 * several processes share the work. Failed jobs are kept for inspection.
 */
export function jobPurgeJob(storage, options) {
    const scheduleNext = (repos = storage.repos) => repos.jobs.scheduleOnce(JOBS_PURGE_JOB, new Date(Date.now() + (options.intervalMs ?? 60 * 60 * 1000)));
    return {
        async run() {
            const before = new Date(Date.now() - options.retentionMs);
            while ((await storage.repos.jobs.purgeDone(before, BATCH)) === BATCH)
                ;
            await scheduleNext();
        },
        async onFailure(repos) {
            await scheduleNext(repos);
        },
    };
}
/** Makes sure a purge is queued (at start-up; the chain then keeps itself going). */
export const scheduleJobPurge = (storage) => storage.repos.jobs.scheduleOnce(JOBS_PURGE_JOB, new Date());
