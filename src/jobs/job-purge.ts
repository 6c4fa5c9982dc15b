import type { Storage } from '../storage/port/index.ts';
import type { JobHandler } from './job-handler.ts';

/** The periodic purge of succeeded jobs and consumed content events: one queued at a time, re-enqueued by each run. */
export const JOBS_PURGE_JOB = 'jobs.purge';

export interface JobPurgeOptions {
  /** How long a succeeded job is kept (ms). */
  retentionMs: number;
  /** How long a consumed content event is kept (ms). */
  eventRetentionMs: number;
  /** Time between purges (ms; an hour by default). */
  intervalMs?: number;
}

const BATCH = 1000;

/**
 * Deletes succeeded jobs finished more than the retention ago, and content events that occurred more than the event
 * retention ago once every consumer of the stream is done with them (the webhook dispatcher and `event_consumers`),
 * in batches claimed with SKIP LOCKED, so purges in several processes share the work. Failed jobs are kept for
 * inspection, unconsumed events for their consumers.
 */
export function jobPurgeJob(storage: Storage, options: JobPurgeOptions): JobHandler {
  const scheduleNext = (repos = storage.repos) =>
    repos.jobs.scheduleOnce(JOBS_PURGE_JOB, new Date(Date.now() + (options.intervalMs ?? 60 * 60 * 1000)));
  return {
    async run() {
      const before = new Date(Date.now() - options.retentionMs);
      while ((await storage.repos.jobs.purgeDone(before, BATCH)) === BATCH);
      await storage.repos.events.purgeConsumed(new Date(Date.now() - options.eventRetentionMs), BATCH);
      await scheduleNext();
    },
    async onFailure(repos) {
      await scheduleNext(repos);
    },
  };
}

/** Makes sure a purge is queued (at start-up; the chain then keeps itself going). */
export const scheduleJobPurge = (storage: Storage) => storage.repos.jobs.scheduleOnce(JOBS_PURGE_JOB, new Date());
