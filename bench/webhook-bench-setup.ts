import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { httpClient, type HttpClient } from './http-client.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, type Child, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';

/**
 * The loopback receiver, on a thread of its own (webhook-receiver-thread.mjs) so that its work does not delay the load
 * generator's event loop (it still shares the machine): answers 200 at once and counts the calls and those sent twice;
 * after `track()`, notes when each entry's first call arrived (performance.now() of this thread).
 */
export interface Receiver {
  url: string;
  readonly received: number;
  readonly duplicates: number;
  arrivals: Map<string, number>;
  track(): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const counters = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(new URL('./webhook-receiver-thread.mjs', import.meta.url), {
    workerData: { counters: counters.buffer },
  });
  const arrivals = new Map<string, number>();
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { port?: number; id?: string; at?: number }) => {
      if (message.port) resolve(message.port);
      else arrivals.set(message.id!, message.at! - performance.timeOrigin);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    get received() {
      return Atomics.load(counters, 0);
    },
    get duplicates() {
      return Atomics.load(counters, 1);
    },
    arrivals,
    track: () => worker.postMessage('track'),
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/** A server on a fresh PostgreSQL database, a client of its API, a loopback receiver and a connection to the database. */
export interface WebhookBench {
  receiver: Receiver;
  server: Child;
  client: HttpClient;
  db: pg.Client;
  dbName: string;
}

/**
 * Runs `work` against a server on a fresh PostgreSQL database (or DATABASE_URL) that may call loopback receivers,
 * and cleans up after it. False, doing nothing, when no PostgreSQL server answers.
 */
export async function withWebhookBench(work: (bench: WebhookBench) => Promise<void>): Promise<boolean> {
  const database = await benchDatabase();
  if (!database) return false;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-files-'));
  const receiver = await startReceiver();
  const env = {
    TESSERA_ADMIN_TOKEN: TOKEN,
    TESSERA_RATE_LIMIT_PER_SECOND: '0',
    DATABASE_URL: database.url,
    TESSERA_FILES_DIR: filesDir,
    TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
  };
  const server = await startChild({ script: SERVER_SCRIPT, readyPath: '/users/me', headers: AUTH, env });
  const client = httpClient(server.baseUrl, AUTH);
  const db = new pg.Client({ connectionString: database.url });
  try {
    await db.connect();
    await work({ receiver, server, client, db, dbName: new URL(database.url).pathname.slice(1) });
  } finally {
    client.close();
    await server.stop();
    await receiver.close();
    await db.end().catch(() => {});
    await database.drop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
  return true;
}
