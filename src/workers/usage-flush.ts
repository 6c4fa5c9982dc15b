import type { UsageMeter } from '../domain/usage/usage-meter.ts';
import type { Logger } from '../lib/logger.ts';
import type { UsageRepository } from '../storage/port/index.ts';

/** This process's usage counts on their way to the database. */
export interface UsageFlush {
  /** Stores every count so far (one statement); resolves once they are stored. */
  flush(): Promise<void>;
  /** Pauses the loop (counts keep accumulating; `flush` still stores them): tests that watch the database. */
  stop(): Promise<void>;
  /** Starts the loop again after `stop`. */
  start(): void;
  /** Stops the loop and stores what is left (shutdown). */
  close(): Promise<void>;
}

export interface UsageFlushOptions {
  intervalMs: number;
  logger: Logger;
}

/**
 * Every `intervalMs`, the meter's counts are added to `api_usage` with one upsert (`n = n + excluded.n`), so counts
 * of any number of processes add up; at most one interval of counts is in memory, and only a crash loses them. A
 * failed statement gives its counts back to the meter for the next flush. Flushes run one at a time, in order.
 */
export function startUsageFlush(
  meter: UsageMeter,
  usage: Pick<UsageRepository, 'add'>,
  { intervalMs, logger }: UsageFlushOptions,
): UsageFlush {
  let last: Promise<void> = Promise.resolve();
  const flushOnce = async () => {
    const counts = meter.take();
    if (counts.length === 0) return;
    try {
      await usage.add(counts);
    } catch (error) {
      meter.giveBack(counts);
      throw error;
    }
  };
  const flush = (): Promise<void> => (last = last.then(flushOnce, flushOnce));
  let timer: NodeJS.Timeout | undefined;
  const start = () => {
    if (timer) return;
    timer = setInterval(() => {
      flush().catch((err: unknown) => logger.warn({ err }, 'storing usage counts failed; retrying at the next flush'));
    }, intervalMs);
    timer.unref();
  };
  const stop = async () => {
    clearInterval(timer);
    timer = undefined;
    await last.catch(() => {});
  };
  start();
  return {
    flush,
    stop,
    start,
    async close() {
      await stop();
      await flush().catch((err: unknown) => logger.error({ err }, 'storing the last usage counts failed'));
    },
  };
}

/** Metering switched off (`TESSERA_USAGE_METERING=0`): nothing to store. */
export const noUsageFlush: UsageFlush = {
  flush: async () => {},
  stop: async () => {},
  start: () => {},
  close: async () => {},
};
