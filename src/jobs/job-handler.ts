import type { Repositories } from '../storage/port/index.ts';

/** What a handler learns about the claim it runs under. */
export interface JobContext {
  readonly id: number;
  /** 1 on the first run, 2 on the first retry, ... */
  readonly attempt: number;
  /**
   * Aborted when the runner stops: a handler that waits long (an outbound call) gives up, the job stays claimed and
   * its lease expires, so a runner (here after a restart, or in another process) runs it again.
   */
  readonly signal?: AbortSignal;
}

/**
 * The work behind one job kind. Jobs run at least once: a process can stop between the work and the mark that it
 * is done, so `run` must be idempotent (check the state it moves from before moving it).
 */
export interface JobHandler<Payload = Record<string, unknown>> {
  run(payload: Payload, context: JobContext): Promise<void>;
  /** Runs in the transaction that marks the job failed for good (retries exhausted or a PermanentJobError). */
  onFailure?(repos: Repositories, payload: Payload, error: Error): Promise<void>;
  /** Attempts before the job fails for good (default: the runner's). */
  readonly maxAttempts?: number;
}

/** A failure that retrying cannot cure: the runner fails the job at once instead of backing off. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
