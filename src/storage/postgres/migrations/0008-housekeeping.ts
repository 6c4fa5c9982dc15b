import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Housekeeping lookups: an asset by id across the environments of its space (whether any copy still names a file,
 * and which copies are published), which asset files still use a content-addressed blob (the collection of unused
 * files), and the finished jobs old enough to purge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create index assets_by_id on assets (space_id, id);
    create index asset_files_by_sha256 on asset_files (sha256);
    create index jobs_done on jobs (updated_at) where status = 'done'
  `,
  );
}
