import type { JobHandler } from '../../jobs/job-handler.ts';
import type { Storage } from '../../storage/port/index.ts';
import type { UploadFiles } from './upload-files.ts';
import { UPLOAD_LIFETIME_MS } from './uploads-service.ts';

/** The periodic sweep of unused uploads: one queued job at a time, re-enqueued by each run. */
export const UPLOAD_EXPIRY_JOB = 'uploads.expire';

export interface UploadSweepFiles extends UploadFiles {
  listUploads(): Promise<Array<{ id: string; modifiedMs: number }>>;
  sweepTemp(olderThanMs: number): Promise<void>;
}

export interface UploadExpiryOptions {
  /** Time between sweeps (ms). */
  intervalMs: number;
  lifetimeMs?: number;
}

const BATCH = 500;

/**
 * Deletes uploads that were neither processed nor named by an asset's `uploadFrom` within their lifetime, row
 * first and then file, and removes upload files whose row is gone (a process that stopped between the two).
 * Running it twice is harmless: each step starts from what is still there.
 */
export function uploadExpiryJob(storage: Storage, files: UploadSweepFiles, options: UploadExpiryOptions): JobHandler {
  const lifetimeMs = options.lifetimeMs ?? UPLOAD_LIFETIME_MS;
  const scheduleNext = (repos = storage.repos) =>
    repos.jobs.scheduleOnce(UPLOAD_EXPIRY_JOB, new Date(Date.now() + options.intervalMs));
  return {
    async run() {
      const before = new Date(Date.now() - lifetimeMs);
      for (;;) {
        const expired = await storage.repos.uploads.deleteExpired(before, BATCH);
        for (const upload of expired) await files.removeUpload(upload.id);
        if (expired.length < BATCH) break;
      }
      const stale = (await files.listUploads()).filter((f) => f.modifiedMs < before.getTime()).map((f) => f.id);
      for (let i = 0; i < stale.length; i += BATCH) {
        const chunk = stale.slice(i, i + BATCH);
        const alive = await storage.repos.uploads.existingIds(chunk);
        for (const id of chunk) if (!alive.has(id)) await files.removeUpload(id);
      }
      await files.sweepTemp(lifetimeMs);
      await scheduleNext();
    },
    async onFailure(repos) {
      await scheduleNext(repos);
    },
  };
}

/** Makes sure a sweep is queued (at start-up; the chain then keeps itself going). */
export const scheduleUploadExpiry = (storage: Storage) =>
  storage.repos.jobs.scheduleOnce(UPLOAD_EXPIRY_JOB, new Date());
