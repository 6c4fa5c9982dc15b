import pg from 'pg';
import type { Logger } from '../../lib/logger.ts';
import { applyInvalidation, CACHE_CHANNEL } from './cache-context.ts';
import type { ReadCache } from './read-cache.ts';

/**
 * Keeps this process's cache coherent with writes made by other processes on the same PostgreSQL database:
 * LISTENs for invalidations. While the listening connection is down the cache is disabled and emptied, so a missed
 * notification can never leave a stale entry behind. Notifications sent by this process's own connections
 * (`ownBackends`: their backends' process ids) are skipped: its writes invalidated its cache when they committed,
 * and invalidating again later would only throw away reads made since.
 */
export async function startCacheListener(
  options: pg.ClientConfig,
  cache: ReadCache,
  logger: Logger,
  ownBackends: ReadonlySet<number> = new Set(),
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let started = false;

  const connect = async (): Promise<void> => {
    cache.enabled = false;
    cache.clear();
    const c = new pg.Client(options);
    c.on('notification', (m) => {
      if (m.channel === CACHE_CHANNEL && !ownBackends.has(m.processId)) applyInvalidation(cache, m.payload ?? '*');
    });
    c.on('error', (err) =>
      logger.warn({ err }, 'cache listener connection failed; cache disabled until it reconnects'),
    );
    c.on('end', () => {
      cache.enabled = false;
      cache.clear();
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    try {
      await c.connect();
      await c.query(`listen ${CACHE_CHANNEL}`);
      // A process that ended between a commit and its announcement (a crash: see cache-announcer.ts) left the other
      // processes' caches stale; the next one to start on this database empties them.
      if (!started) await c.query(`select pg_notify('${CACHE_CHANNEL}', '*')`);
      started = true;
      client = c;
      cache.clear();
      cache.enabled = true;
    } catch (err) {
      logger.warn({ err }, 'cache listener could not connect; retrying');
      await c.end().catch(() => undefined);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
