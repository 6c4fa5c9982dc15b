import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { httpClient, type HttpClient } from './http-client.ts';
import { benchDatabase } from './postgres.ts';
import { SERVER_SCRIPT, startChild, type Child } from './processes.ts';

export const TOKEN = 'bench-admin-token-0123456789abcdef';
export const AUTH = { Authorization: `Bearer ${TOKEN}` };

/** The loopback receiver: answers 200 at once and notes when each entry's publish call arrived. */
export interface Receiver { url: string; received: number; keys: Set<string>; arrivals: Map<string, number>; close(): Promise<void>; }

export async function startReceiver(): Promise<Receiver> {
  const receiver = { url: '', received: 0, keys: new Set<string>(), arrivals: new Map<string, number>(), close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received += 1;
      receiver.keys.add(String(request.headers['x-service-idempotency-key']));
      const id = /"id":"([^"]+)"/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
      if (id && !receiver.arrivals.has(id)) receiver.arrivals.set(id, performance.now());
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return receiver;
}

/** A server on a fresh PostgreSQL database, a client of its API, a loopback receiver and a connection to the database. */
export interface WebhookBench { receiver: Receiver; server: Child; client: HttpClient; db: pg.Client; dbName: string }

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
    TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0', DATABASE_URL: database.url, TESSERA_FILES_DIR: filesDir,
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
