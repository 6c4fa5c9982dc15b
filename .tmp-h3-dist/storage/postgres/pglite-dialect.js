import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, } from 'kysely';
/**
 * A Kysely dialect for PGlite, a single-session Postgres. Connection ownership is serialised with a FIFO queue,
 * so a transaction holds the session until it ends and no other request's statement can slip into it.
 */
export class PGliteDialect {
    pglite;
    constructor(pglite) {
        this.pglite = pglite;
    }
    createAdapter() { return new PostgresAdapter(); }
    createDriver() { return new PGliteDriver(this.pglite); }
    createIntrospector(db) { return new PostgresIntrospector(db); }
    createQueryCompiler() { return new PostgresQueryCompiler(); }
}
class PGliteDriver {
    connection;
    busy = false;
    waiting = [];
    constructor(pglite) { this.connection = new PGliteConnection(pglite); }
    async init() { }
    async acquireConnection() {
        if (this.busy)
            await new Promise((resolve) => this.waiting.push(resolve));
        this.busy = true;
        return this.connection;
    }
    async releaseConnection() {
        const next = this.waiting.shift();
        if (next)
            next();
        else
            this.busy = false;
    }
    async beginTransaction(conn) { await conn.executeQuery(CompiledQuery.raw('begin')); }
    async commitTransaction(conn) { await conn.executeQuery(CompiledQuery.raw('commit')); }
    async rollbackTransaction(conn) { await conn.executeQuery(CompiledQuery.raw('rollback')); }
    async destroy() { }
}
class PGliteConnection {
    pglite;
    constructor(pglite) {
        this.pglite = pglite;
    }
    async executeQuery(query) {
        const result = await this.pglite.query(query.sql, query.parameters);
        const affected = result.affectedRows;
        return {
            rows: result.rows,
            ...(affected !== undefined && result.fields.length === 0 ? { numAffectedRows: BigInt(affected) } : {}),
        };
    }
    // eslint-disable-next-line require-yield
    async *streamQuery() {
        throw new Error('streaming is not supported on PGlite');
    }
}
