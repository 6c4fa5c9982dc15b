import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * rate-limiter-flexible created its table itself when each server process started. Two processes starting at once on
 * a new database could both run its `create table if not exists`, and one then failed to start (`type
 * "tessera_rate_limits" already exists`: PostgreSQL does not serialise concurrent creations of one table). Created
 * here, under the migration lock, with the library's own definition (a database where it already exists keeps it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `create table if not exists tessera_rate_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`,
  );
}
