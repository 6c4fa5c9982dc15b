import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The scheduled action whose execution made an event, and the payload a webhook call of it sends (its
 * `X-<Vendor>-Scheduled-Action-Id` header). Set after the write, in its transaction, on the events of that
 * transaction alone (`xact_id`): the triggers and every other write stay as they were. Null for everything else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `alter table content_events add column scheduled_action_id text;
    alter table webhook_payloads add column scheduled_action_id text`,
  );
}
