import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { RATE_LIMITS_TABLE } from '../storage/port/rate-limits.ts';
import { RenditionRefused } from './rendition-refused.ts';

const WINDOW_SECONDS = 60;

export interface RenditionBudget {
  readonly perMinute: number;
  /** Takes one new rendition out of the space's budget; throws `RenditionRefused` when it is spent. */
  charge(spaceId: string): Promise<void>;
  /** Gives back a charge whose rendition was never started (the transform queue was full). */
  refund(spaceId: string): Promise<void>;
}

/**
 * New renditions per space per minute (fixed windows, rate-limiter-flexible). Like the API's rate limits
 * (`src/rate-limit/limiter.ts`), with a PostgreSQL pool the windows live in the shared `tessera_rate_limits` table under
 * their own key prefix, so every server process on the database spends one budget; an in-memory limiter insures it
 * against a database hiccup. Without a pool (the embedded database, one process) they live in memory.
 * Returns undefined when the budget is switched off (`perMinute` 0).
 */
export function createRenditionBudget(perMinute: number, pool?: pg.Pool): RenditionBudget | undefined {
  if (perMinute === 0) return undefined;
  const memory = new RateLimiterMemory({ points: perMinute, duration: WINDOW_SECONDS });
  const store: RateLimiterAbstract = pool
    ? new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMITS_TABLE,
        tableCreated: true,
        keyPrefix: 'tessera-renditions',
        points: perMinute,
        duration: WINDOW_SECONDS,
        insuranceLimiter: memory,
      })
    : memory;

  return {
    perMinute,
    async charge(spaceId) {
      try {
        await store.consume(spaceId);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new RenditionRefused(
          `This space has made its ${perMinute} new image renditions of this minute. Renditions made before are still served; new ones can be made again in ${retryAfterSeconds} s.`,
          retryAfterSeconds,
          { reason: 'renditionBudgetSpent', limit: perMinute, windowSeconds: WINDOW_SECONDS },
        );
      }
    },
    async refund(spaceId) {
      await store.reward(spaceId, 1).catch(() => undefined);
    },
  };
}
