import type pg from 'pg';
import { RATE_LIMITS_TABLE } from '../storage/port/rate-limits.ts';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** What one request learns from its bucket: enough to answer and to set the rate-limit headers. */
export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the bucket refills: 0 when allowed, at least 1 when refused. */
  readonly resetSeconds: number;
}

export interface RateLimiter {
  readonly perSecond: number;
  /** Takes one request out of the bucket named `key`. */
  consume(key: string): Promise<RateDecision>;
}

export interface RateLimiterOptions {
  perSecond: number;
  /** The PostgreSQL pool: buckets then live in one table that every server process on the database shares. */
  pool?: pg.Pool;
}

/**
 * Fixed one-second windows per key. With a pool the window lives in PostgreSQL (rate-limiter-flexible's
 * atomic upsert), so several processes on one database share it; otherwise it lives in this process, which is
 * right for the embedded database because the data-directory lock allows only one process.
 * Returns undefined when limiting is switched off (`perSecond` 0).
 */
export async function createRateLimiter(options: RateLimiterOptions): Promise<RateLimiter | undefined> {
  const { perSecond, pool } = options;
  if (perSecond === 0) return undefined;
  const memory = new RateLimiterMemory({ points: perSecond, duration: 1 });
  const store: RateLimiterAbstract = pool ? postgresLimiter(pool, perSecond, memory) : memory;

  return {
    perSecond,
    async consume(key) {
      let result: RateLimiterRes;
      try {
        result = await store.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return {
          allowed: false,
          limit: perSecond,
          remaining: 0,
          resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      }
      return { allowed: true, limit: perSecond, remaining: result.remainingPoints, resetSeconds: 0 };
    },
  };
}

/**
 * The shared store; the in-memory limiter insures it, so a database hiccup degrades to per-process buckets. Its table
 * is the migrations' (0017): created by the library at each start, concurrent starts could fail.
 */
function postgresLimiter(pool: pg.Pool, perSecond: number, insurance: RateLimiterMemory): RateLimiterAbstract {
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    keyPrefix: 'tessera',
    points: perSecond,
    duration: 1,
    insuranceLimiter: insurance,
  });
}
