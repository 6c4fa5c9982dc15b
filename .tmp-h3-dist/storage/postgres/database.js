import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from "./migrations/index.js";
import { PGliteDialect } from "./pglite-dialect.js";
import { OID, textParsers } from "./type-parsers.js";
/** Kysely's log hook sees every statement it executes, whatever the dialect: a counter costs one increment. */
function statementCounter() {
    let count = 0;
    return { log: (e) => { count++; if (process.env.DEBUG_SQL)
            console.error('SQL', e.queryDurationMillis?.toFixed(1), JSON.stringify(e.query.sql), JSON.stringify(e.query.parameters)); }, statements: () => count };
}
export async function openPostgres(url, max = 10) {
    const pool = new pg.Pool({
        connectionString: url,
        max,
        types: { getTypeParser: ((oid, format) => textParsers[oid] ?? pg.types.getTypeParser(oid, format)) },
    });
    const counter = statementCounter();
    const db = new Kysely({ dialect: new PostgresDialect({ pool }), log: counter.log });
    return { db, kind: 'postgres', pool, statements: counter.statements, close: () => db.destroy() };
}
/** Opens PGlite persisted in `dir`, or in memory when `dir` is undefined. The caller holds the directory lock. */
export async function openPGlite(dir) {
    // Loaded on first use: the module costs ~40 MB of memory that a server on PostgreSQL never needs.
    const { PGlite } = await import('@electric-sql/pglite');
    const parsers = { ...textParsers, [OID.bytea]: (v) => Buffer.from(v) };
    const pglite = await PGlite.create(dir ? { dataDir: dir, parsers } : { parsers });
    const counter = statementCounter();
    const db = new Kysely({ dialect: new PGliteDialect(pglite), log: counter.log });
    return {
        db, kind: 'pglite', pool: undefined, statements: counter.statements,
        close: async () => { await db.destroy(); await pglite.close(); },
    };
}
const provider = { getMigrations: async () => MIGRATIONS };
/** Applies every pending forward-only migration; Kysely's migration lock keeps concurrent starts safe. */
export async function migrate(db) {
    const { error, results } = await new Migrator({ db, provider, migrationTableName: 'tessera_migrations', migrationLockTableName: 'tessera_migrations_lock' }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed)
        throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
