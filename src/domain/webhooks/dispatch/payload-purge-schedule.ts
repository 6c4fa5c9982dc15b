/** How often a dispatcher deletes the payloads no delivery job waits for any more (ms), and for how long after it last enqueued jobs. */
const PURGE_PAYLOADS_MS = 1000;
const PURGE_AFTER_LAST_MS = 60_000;
/**
 * A purge starts above the last event the previous one deleted; one in FULL_PURGE_EVERY starts at the first, for a
 * payload inserted below that bound later (a dispatch of events committed late, or another process's).
 */
export const FULL_PURGE_EVERY = 16;

export interface PayloadPurgeSchedule {
  /** The dispatcher enqueued delivery jobs at `now` (ms). */
  enqueued(now: number): void;
  /**
   * Whether a purge is due at `now` (once a second while jobs are enqueued and for a minute after: retries wait that
   * long by default; later leftovers go with the next purge) and, when it is, the event it starts above (undefined:
   * from the first). Counts it as started.
   */
  due(now: number): { after: string | undefined } | undefined;
  /** The purge ended: `upTo` is the last event it deleted, if any. */
  purged(upTo: string | undefined): void;
}

/** A dispatcher's cadence of payload purges: each from where the previous one ended, now and then from the first. */
export function payloadPurgeSchedule(intervalMs = PURGE_PAYLOADS_MS): PayloadPurgeSchedule {
  let purgedAt = -Infinity;
  let purgedUpTo: string | undefined;
  let purges = 0;
  let enqueuedAt = -Infinity;
  return {
    enqueued(now) {
      enqueuedAt = now;
    },
    due(now) {
      // Never before jobs were enqueued; the first purge more than a minute after the last enqueue is the last.
      if (enqueuedAt === -Infinity || now - purgedAt < intervalMs || purgedAt > enqueuedAt + PURGE_AFTER_LAST_MS)
        return undefined;
      purgedAt = now;
      purges += 1;
      return { after: purges % FULL_PURGE_EVERY === 0 ? undefined : purgedUpTo };
    },
    purged(upTo) {
      if (upTo !== undefined) purgedUpTo = upTo;
    },
  };
}
