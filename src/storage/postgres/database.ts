import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from './migrations/index.ts';
import { ANNOUNCES_CONTENT } from './session-settings.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { keepStatistics, type StatisticsKeeper } from './statistics-keeper.ts';
import { preparingPool } from './prepared-statements.ts';
import { OID, textParsers } from './type-parsers.ts';
import type { DatabaseSchema } from './schema.ts';

export type Db = Kysely<DatabaseSchema>;

export interface OpenDatabase {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** The pg pool when on a PostgreSQL server (shared stores such as rate-limit buckets use it). */
  readonly pool: pg.Pool | undefined;
  /** The process ids of the pool's server backends now connected (none on PGlite). */
  readonly backendPids: ReadonlySet<number>;
  /** SQL statements executed through `db` since opening (diagnostics, N+1 tests, benches). */
  statements(): number;
  /** On PGlite, which has no autovacuum: what vacuums and analyzes its tables (statistics-keeper.ts). */
  readonly statistics?: StatisticsKeeper;
  /** On PGlite: its data directory as a tarball, from which `openPGlite` can start a copy. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The backend's process id, known once the client has connected (pg's typings omit it). */
const processIdOf = (client: pg.PoolClient): number => (client as unknown as { processID: number }).processID;

/** Kysely's log hook sees every statement it executes, whatever the dialect: a counter costs one increment. */
function statementCounter() {
  let count = 0;
  return {
    log: () => {
      count++;
    },
    statements: () => count,
  };
}

/**
 * `url` with `option` added to the startup options of its connections (after any it gives): a setting sent with
 * the connection is in place before its first statement and survives `reset all`. A string that is not a URL is
 * left as it is, with `options` to pass beside it (pg lets the string's own options win).
 */
export function withStartupOption(url: string, option: string): { connectionString: string; options?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url, options: option };
  }
  const given = parsed.searchParams.get('options');
  parsed.searchParams.set('options', given ? `${given} ${option}` : option);
  return { connectionString: parsed.toString() };
}

/**
 * A pool of up to `max` connections to the server at `url`. `applicationName` names them in `pg_stat_activity` (an
 * `application_name` the URL gives wins).
 */
export async function openPostgres(
  url: string,
  max = 10,
  onIdleClientError: (err: Error) => void = () => {},
  applicationName?: string,
): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    // This process announces its entry and asset writes after commit (cache-announcer.ts): the tables' triggers need not.
    ...withStartupOption(url, `-c ${ANNOUNCES_CONTENT}=on`),
    ...(applicationName ? { application_name: applicationName } : {}),
    max,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        textParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle pooled connection that fails (server restart, terminated backend) is dropped by the pool and replaced on
  // demand; without a listener its error would end the process.
  pool.on('error', onIdleClientError);
  const backendPids = new Set<number>();
  pool.on('connect', (client) => {
    backendPids.add(processIdOf(client));
    // A connection that fails while checked out (terminated between two statements) errors its next statement and is
    // dropped at release; the pool listens only while a connection is idle, and an unheard error would end the process.
    client.on('error', () => {});
  });
  pool.on('remove', (client) => {
    backendPids.delete(processIdOf(client));
  });
  const counter = statementCounter();
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    log: counter.log,
  });
  return { db, kind: 'postgres', pool, backendPids, statements: counter.statements, close: () => db.destroy() };
}

/** How often the embedded database looks for tables to vacuum or analyze (a read of the statistics counters): autovacuum's naptime. */
const STATISTICS_CHECK_MS = 60 * 1000;

/**
 * Opens PGlite persisted in `dir`, or in memory when `dir` is undefined: there a copy of `template` when given (a data
 * directory PGlite dumped, `dumpDataDir`), which starts in a fraction of the time an empty database takes to be made.
 * The caller holds the directory lock.
 */
export async function openPGlite(dir: string | undefined, template?: Blob): Promise<OpenDatabase> {
  // Loaded on first use: the module costs ~40 MB of memory that a server on PostgreSQL never needs.
  const { PGlite } = await import('@electric-sql/pglite');
  const parsers = { ...textParsers, [OID.bytea]: (v: unknown) => Buffer.from(v as Uint8Array) } as never;
  const pglite = await PGlite.create(
    dir ? { dataDir: dir, parsers } : { parsers, ...(template ? { loadDataDir: template } : {}) },
  );
  const counter = statementCounter();
  let statistics: StatisticsKeeper | undefined;
  const dialect = new PGliteDialect(pglite, () => statistics?.nudge());
  statistics = keepStatistics((statement) => dialect.runAlone(statement), STATISTICS_CHECK_MS);
  const db = new Kysely<DatabaseSchema>({ dialect, log: counter.log });
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    backendPids: new Set(),
    statements: counter.statements,
    statistics,
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await statistics.stop();
      await db.destroy();
      await pglite.close();
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending forward-only migration; Kysely's migration lock keeps concurrent starts safe. */
export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider,
    migrationTableName: 'tessera_migrations',
    migrationLockTableName: 'tessera_migrations_lock',
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
