import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/** The table of the shared rate-limit buckets (src/rate-limit/limiter.ts, rate-limiter-flexible's layout). */
export const RATE_LIMITS_TABLE = 'tessera_rate_limits';

/**
 * rate-limiter-flexible created its table itself when each server process started. Two processes starting at once on
 * a new database could both run its `create table if not exists`, and one then failed to start (`type
 * "tessera_rate_limits" already exists`: PostgreSQL does not serialise concurrent creations of one table). Created
 * here, under the migration lock, with the library's own definition (a database where it already exists keeps it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(db, `create table if not exists ${RATE_LIMITS_TABLE} (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`);
}
