import type { Executor } from './executor.ts';

/**
 * Locks an environment's row for the current transaction (the lock of what is counted or kept per environment:
 * locales, pending scheduled actions); false when it does not exist. `no key update` leaves the key-share locks of
 * foreign-key checks (inserts elsewhere) unblocked.
 */
export async function lockEnvironment(db: Executor, spaceId: string, environmentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('environments')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', environmentId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
