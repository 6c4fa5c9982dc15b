/** Sends invalidation tags to the other processes (a NOTIFY on the cache channel); rejects when it could not. */
export type SendTags = (tags: ReadonlySet<string>) => Promise<void>;

export interface CacheAnnouncer {
  /** Queues tags of writes that have committed; they are sent soon, with whatever else is queued by then. */
  announce(tags: Iterable<string>): void;
  /** Resolves when everything queued so far has been sent. */
  settled(): Promise<void>;
  /** Sends what is queued, once more at most: no retry after this. */
  close(): Promise<void>;
}

/**
 * Announces committed writes after their commit, one NOTIFY at a time and at most one per `minIntervalMs`: tags
 * queued meanwhile go out together in the next. A write's transaction then sends no NOTIFY of its own, and so does
 * not queue behind every other notifying commit for PostgreSQL's notification lock (migration 0015); under load the
 * NOTIFYs (each a transaction, and a wake-up of every listening connection) stay few. A failed send keeps its tags
 * and is retried after `retryMs`; while the database is unreachable the other processes' listeners are down too,
 * and a listener that reconnects starts from an empty cache.
 */
export function cacheAnnouncer(
  send: SendTags,
  onError: (error: unknown) => void,
  retryMs = 1000,
  minIntervalMs = 10,
): CacheAnnouncer {
  let queued = new Set<string>();
  let sending: Promise<void> | undefined;
  let closing = false;
  let wake: (() => void) | undefined;

  /** Waits `ms`, or less if closing. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  let lastSent = -Infinity;
  const drain = async (): Promise<void> => {
    while (queued.size > 0) {
      const wait = lastSent + minIntervalMs - performance.now();
      if (wait > 0 && !closing) await pause(wait);
      const tags = queued;
      queued = new Set();
      lastSent = performance.now();
      try {
        await send(tags);
      } catch (error) {
        onError(error);
        if (closing) break;
        for (const tag of tags) queued.add(tag);
        await pause(retryMs);
      }
    }
    sending = undefined;
  };

  return {
    announce(tags) {
      for (const tag of tags) queued.add(tag);
      if (queued.size > 0) sending ??= drain();
    },
    settled: () => sending ?? Promise.resolve(),
    async close() {
      closing = true;
      wake?.();
      await (sending ?? Promise.resolve());
    },
  };
}
