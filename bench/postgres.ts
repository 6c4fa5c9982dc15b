import pg from 'pg';

export interface BenchDatabase {
  url: string;
  label: string;
  drop(): Promise<void>;
}

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The PostgreSQL database to measure on: DATABASE_URL as given, or else a fresh database on the local server
 * (dropped afterwards). Undefined when no server answers.
 */
export async function benchDatabase(): Promise<BenchDatabase | undefined> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, label: 'DATABASE_URL', drop: async () => {} };
  const admin = new pg.Client({ connectionString: DEFAULT_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `tessera_bench_${process.pid}_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(DEFAULT_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `fresh database on ${url.host}`,
    async drop() {
      const c = new pg.Client({ connectionString: DEFAULT_SERVER });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
