/** Durable background work, claimed with FOR UPDATE SKIP LOCKED so any number of processes can share the queue. */
export interface JobRecord { id: number; kind: string; payload: Record<string, unknown>; attempts: number; }

export interface JobsRepository {
  enqueue(kind: string, payload: Record<string, unknown>, runAt?: Date): Promise<number>;
  /** Claims one due job (queued, or running with an expired lease) and leases it for `leaseMs`. */
  claim(kinds: string[], leaseMs: number): Promise<JobRecord | undefined>;
  complete(id: number): Promise<void>;
  fail(id: number, error: string, retryAt: Date | undefined): Promise<void>;
}
