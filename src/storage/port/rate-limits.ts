/**
 * The table of the shared rate-limit buckets. rate-limiter-flexible reads and writes it itself (its own layout) on
 * the pool it is given (`src/rate-limit/limiter.ts`, `src/assets/rendition-budget.ts`); the adapter's migration 0017
 * creates it.
 */
export const RATE_LIMITS_TABLE = 'tessera_rate_limits';
