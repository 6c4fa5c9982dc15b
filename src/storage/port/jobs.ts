/** Durable background work, claimed with FOR UPDATE SKIP LOCKED so any number of processes can share the queue. */
export interface JobRecord {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface JobsRepository {
  enqueue(kind: string, payload: Record<string, unknown>, runAt?: Date): Promise<number>;
  /** Enqueues one job of `kind` per payload, in one statement. */
  enqueueMany(kind: string, payloads: Array<Record<string, unknown>>, runAt?: Date): Promise<void>;
  /** Claims one due job (queued, or running with an expired lease) and leases it for `leaseMs`. */
  claim(kinds: string[], leaseMs: number): Promise<JobRecord | undefined>;
  /** Marks the job done; false when it was not (fenced out). With `attempt`, only while that claim still owns it (a fencing token against expired leases). */
  complete(id: number, attempt?: number): Promise<boolean>;
  /** Requeues the job for `retryAt`, or marks it failed for good without one. `attempt` fences like `complete`. */
  fail(id: number, error: string, retryAt: Date | undefined, attempt?: number): Promise<boolean>;
  /** Extends the lease of a running job while claim `attempt` still owns it; false when it no longer does. */
  renew(id: number, attempt: number, leaseMs: number): Promise<boolean>;
  /** Deletes (at most `limit`) jobs that succeeded before `before`; returns how many. Failed jobs are kept. */
  purgeDone(before: Date, limit: number): Promise<number>;
  /** Enqueues a job of `kind` unless one is already queued (a periodic job that re-enqueues itself stays single). */
  scheduleOnce(kind: string, runAt: Date): Promise<boolean>;
}
