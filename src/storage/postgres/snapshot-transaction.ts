import { sql, type Kysely } from 'kysely';
import type { Executor } from './executor.ts';
import type { DatabaseSchema } from './schema.ts';

/** What pg_export_snapshot() answers: hex words joined by dashes (checked, since SET TRANSACTION SNAPSHOT takes no parameter). */
const SNAPSHOT_ID = /^[0-9A-F]+(-[0-9A-F]+)+$/i;

/**
 * Runs `work` on another connection of the pool, in a repeatable-read transaction that reads the snapshot of the
 * transaction open on `db` (PostgreSQL's exported snapshots), so both read the same instant. That transaction
 * commits only once `commitWhen` resolves, and rolls back when it rejects or `work` fails: the caller resolves it
 * when its own part succeeded, awaits this, then commits. Only a failure of the caller's own COMMIT, after this one's,
 * can leave this one's writes alone, so `work` must be safe to run again over them.
 */
export async function inSnapshotOf(
  db: Executor,
  pool: Kysely<DatabaseSchema>,
  work: (tx: Executor) => Promise<void>,
  commitWhen: Promise<void>,
): Promise<void> {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(db);
  const id = rows[0]?.id ?? '';
  if (!SNAPSHOT_ID.test(id)) throw new Error(`unexpected snapshot id "${id}"`);
  await pool
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      await sql.raw(`set transaction snapshot '${id}'`).execute(tx);
      await work(tx);
      await commitWhen;
    });
}
