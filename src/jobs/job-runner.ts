import type { Logger } from '../lib/logger.ts';
import type { JobRecord, Storage } from '../storage/port/index.ts';
import { PermanentJobError, type JobHandler } from './job-handler.ts';
import { onJobsAnnounced } from './job-signal.ts';

export interface JobRunnerOptions {
  /** How often an idle runner looks for due jobs (ms). */
  pollMs?: number;
  /** How long a claim owns its job; the runner renews it every third of that while the job runs (ms). */
  leaseMs?: number;
  /** Attempts before a job fails for good, unless its handler says otherwise. */
  maxAttempts?: number;
  /** Delay before retry number `attempt` (ms). */
  backoffMs?: (attempt: number) => number;
  /** Claim loops run side by side (default 1): a job that waits long (a slow webhook receiver) holds only its own. */
  concurrency?: number;
  logger?: Logger;
}

export interface JobRunner {
  register<Payload>(kind: string, handler: JobHandler<Payload>): void;
  /** Starts polling; jobs announced on the same storage are claimed at once. */
  start(): void;
  /** Looks for due jobs now instead of at the next poll. */
  nudge(): void;
  /** Claims and runs one due job of a registered kind; false when none was due. */
  runOnce(): Promise<boolean>;
  /** Stops polling, aborts the running jobs' `signal` and waits for them to end. */
  stop(): Promise<void>;
}

/** Exponential backoff from half a second, capped at a minute, with up to 20% jitter. */
export const defaultBackoff = (attempt: number): number => {
  const base = Math.min(60_000, 500 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + Math.random() * 0.2));
};

/**
 * Runs durable jobs from the `jobs` table. Claims use `FOR UPDATE SKIP LOCKED` with a lease, so any number of
 * runners in any number of processes share one queue and each job runs under one claim at a time; every
 * write that ends a job is fenced by the claim's attempt number, so a claim whose lease expired changes nothing.
 */
export function createJobRunner(storage: Storage, options: JobRunnerOptions = {}): JobRunner {
  const pollMs = options.pollMs ?? 250;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff = options.backoffMs ?? defaultBackoff;
  const logger = options.logger;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const handlers = new Map<string, JobHandler<any>>();
  let running = false;
  let loops: Promise<void>[] = [];
  let stopping = new AbortController();
  /** Per loop: the wake-up of its idle wait, and whether a nudge came while it was busy. */
  const wakes: Array<(() => void) | undefined> = [];
  const nudged: boolean[] = [];
  let unsubscribe: (() => void) | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  /** False once a claim found no due job, true again when one does. */
  let maybeMore = true;

  async function finishWithError(job: JobRecord, handler: JobHandler<any>, error: Error): Promise<void> {
    const message = error.message || String(error);
    if (stopping.signal.aborted) {
      // Given up because this runner stops, not failed: the next claim (after a restart, or elsewhere) runs it again.
      await storage.repos.jobs.fail(job.id, message, new Date(), job.attempts);
      return;
    }
    const final = error instanceof PermanentJobError || job.attempts >= (handler.maxAttempts ?? maxAttempts);
    if (!final) {
      const delay = backoff(job.attempts);
      logger?.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, retryInMs: delay, err: error },
        'job failed; will retry',
      );
      await storage.repos.jobs.fail(job.id, message, new Date(Date.now() + delay), job.attempts);
      return;
    }
    logger?.error({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: error }, 'job failed for good');
    await storage.transaction(async (repos) => {
      if (await repos.jobs.fail(job.id, message, undefined, job.attempts))
        await handler.onFailure?.(repos, job.payload, error);
    });
  }

  async function execute(job: JobRecord): Promise<void> {
    const handler = handlers.get(job.kind)!;
    let renewal: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(
      () => {
        renewal = storage.repos.jobs
          .renew(job.id, job.attempts, leaseMs)
          .catch((err) => logger?.warn({ jobId: job.id, err }, 'could not renew job lease'));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    try {
      try {
        await handler.run(job.payload, { id: job.id, attempt: job.attempts, signal: stopping.signal });
      } catch (error) {
        clearInterval(heartbeat);
        await renewal;
        await finishWithError(job, handler, error instanceof Error ? error : new Error(String(error)));
        return;
      }
      clearInterval(heartbeat);
      await renewal;
      await storage.repos.jobs.complete(job.id, job.attempts);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function runOnce(): Promise<boolean> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return false;
    const job = await storage.repos.jobs.claim(kinds, leaseMs);
    maybeMore = job !== undefined;
    if (!job) return false;
    if (stopping.signal.aborted && loops.length > 0) {
      // Claimed while this runner's loops stop (perhaps a job another loop just gave up): handed back, never started.
      await storage.repos.jobs.fail(job.id, 'the job runner stopped before the job ran', new Date(), job.attempts);
      return false;
    }
    // One more loop looks for the next due job: a burst of jobs is claimed one loop after another, each claim finding
    // one, instead of every loop claiming at once and most finding none.
    wakeOne();
    await execute(job);
    return true;
  }

  function idle(loop: number): Promise<void> {
    if (nudged[loop]) {
      nudged[loop] = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      wakes[loop] = () => {
        wakes[loop] = undefined;
        resolve();
      };
    });
  }

  async function poll(loop: number): Promise<void> {
    while (running) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (err) {
        logger?.error({ err }, 'job runner could not claim or finish a job');
      }
      // After a job, the loop claims again only while the last claim (of any loop) found one: a queue seen empty is
      // looked at again when jobs are announced, or at the next poll.
      if ((!worked || !maybeMore) && running) await idle(loop);
    }
  }

  /** Wakes one idle loop; false when none is idle. */
  function wakeOne(): boolean {
    const wake = wakes.find((w) => w !== undefined);
    wake?.();
    return wake !== undefined;
  }

  /** An idle loop claims at once (and wakes the next while it finds jobs); with none idle, every loop looks again when it ends its job. */
  function nudge(): void {
    maybeMore = true;
    if (wakeOne()) return;
    for (let loop = 0; loop < concurrency; loop += 1) nudged[loop] = true;
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    runOnce,
    nudge,
    start() {
      if (running) return;
      running = true;
      stopping = new AbortController();
      unsubscribe = onJobsAnnounced(storage, (kinds) => {
        if (!kinds || kinds.some((kind) => handlers.has(kind))) nudge();
      });
      // One poll for the runner, not one per loop: an idle runner asks once per poll whatever its concurrency.
      pollTimer = setInterval(wakeOne, pollMs);
      loops = Array.from({ length: concurrency }, (_, loop) => poll(loop));
    },
    async stop() {
      running = false;
      clearInterval(pollTimer);
      unsubscribe?.();
      stopping.abort();
      for (const wake of wakes) wake?.();
      await Promise.all(loops);
      loops = [];
    },
  };
}
