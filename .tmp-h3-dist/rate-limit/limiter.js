import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
export const RATE_LIMIT_TABLE = 'tessera_rate_limits';
/**
 * Fixed one-second windows per key. With a pool the window lives in PostgreSQL (rate-limiter-flexible's
 * atomic upsert), so several processes on one database share it; otherwise it lives in this process, which is
 * right for the embedded database because the data-directory lock allows only one process.
 * Returns undefined when limiting is switched off (`perSecond` 0).
 */
export async function createRateLimiter(options) {
    const { perSecond, pool } = options;
    if (perSecond === 0)
        return undefined;
    const memory = new RateLimiterMemory({ points: perSecond, duration: 1 });
    const store = pool ? await postgresLimiter(pool, perSecond, memory) : memory;
    return {
        perSecond,
        async consume(key) {
            let result;
            try {
                result = await store.consume(key);
            }
            catch (rejection) {
                if (!(rejection instanceof RateLimiterRes))
                    throw rejection;
                return { allowed: false, limit: perSecond, remaining: 0, resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
            }
            return { allowed: true, limit: perSecond, remaining: result.remainingPoints, resetSeconds: 0 };
        },
    };
}
/** The shared store; the in-memory limiter insures it, so a database hiccup degrades to per-process buckets. */
function postgresLimiter(pool, perSecond, insurance) {
    return new Promise((resolve, reject) => {
        const limiter = new RateLimiterPostgres({
            storeClient: pool, storeType: 'pool', tableName: RATE_LIMIT_TABLE, keyPrefix: 'tessera',
            points: perSecond, duration: 1, insuranceLimiter: insurance,
        }, (error) => (error ? reject(error) : resolve(limiter)));
    });
}
