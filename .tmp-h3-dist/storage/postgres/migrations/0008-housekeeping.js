import { executeStatements } from "./execute-statements.js";
/**
 * Housekeeping lookups: which asset files still use a content-addressed blob (the collection of unused files), and
 * the finished jobs old enough to purge.
 */
export async function up(db) {
    await executeStatements(db, `
    create index asset_files_by_sha256 on asset_files (sha256);
    create index jobs_done on jobs (updated_at) where status = 'done'
  `);
}
