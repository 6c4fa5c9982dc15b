import { sql, type Kysely } from 'kysely';

/** Runs a DDL script one statement at a time: PGlite's extended protocol takes a single statement per query. */
export async function executeStatements(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
