import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect for PGlite, a single-session Postgres. Connection ownership is serialised with a FIFO queue,
 * so a transaction holds the session until it ends and no other request's statement can slip into it.
 */
export class PGliteDialect implements Dialect {
  private readonly driver: PGliteDriver;
  /** `onBulkChange`: told of every statement that changed at least `BULK_ROWS` rows. */
  constructor(
    private readonly pglite: PGlite,
    onBulkChange?: () => void,
  ) {
    this.driver = new PGliteDriver(pglite, onBulkChange);
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return this.driver;
  }
  /** Runs one statement alone: queued behind the session's current owner like any statement, not counted by Kysely. */
  async runAlone<R>(statement: string): Promise<R[]> {
    await this.driver.acquireConnection();
    try {
      return (await this.pglite.query<R>(statement)).rows;
    } finally {
      await this.driver.releaseConnection();
    }
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(pglite: PGlite, onBulkChange?: () => void) {
    this.connection = new PGliteConnection(pglite, onBulkChange);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await conn.executeQuery(
      CompiledQuery.raw(settings.isolationLevel ? `begin isolation level ${settings.isolationLevel}` : 'begin'),
    );
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy(): Promise<void> {}
}

/** Rows a statement changes that make it a bulk change, after which the statistics keeper looks at the tables. */
export const BULK_ROWS = 1_000;

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite | Transaction,
    private readonly onBulkChange?: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, query.parameters as unknown[]);
    const affected = result.affectedRows;
    if (affected !== undefined && affected >= BULK_ROWS) this.onBulkChange?.();
    return {
      rows: result.rows,
      ...(affected !== undefined && result.fields.length === 0 ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}
