import { afterAll, beforeAll, expect } from 'vitest';
import { createTessera, type Tessera } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestDatabase } from './databases.ts';

export interface TwoProcesses {
  a: Tessera;
  b: Tessera;
  baseA: string;
  baseB: string;
  /** The database both use, for writes below the API. */
  databaseUrl: string;
  /** Calls one of them with JSON (as the admin unless `as` names another token); the body is parsed when it is JSON. */
  call(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    as?: string,
  ): Promise<{ status: number; body: any }>;
  /** A new space, made through A, with an activated content type `article` of `fields`. */
  articleSpace(fields: Array<{ id: string; type: string }>): Promise<{ spaceId: string; m: (path: string) => string }>;
}

/** Two Tessera instances (in this test process) on one fresh PostgreSQL database, each with its own read cache. */
export function useTwoProcesses(token: string): () => TwoProcesses {
  let both: TwoProcesses | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      TESSERA_ADMIN_TOKEN: token,
      TESSERA_RATE_LIMIT_PER_SECOND: '0',
    });
    const a = await createTessera(config);
    const b = await createTessera(config);
    const baseOf = async (t: Tessera) => `http://127.0.0.1:${(await t.listen(0, '127.0.0.1')).port}`;
    const call: TwoProcesses['call'] = async (base, method, path, body, headers = {}, as = token) => {
      const res = await fetch(`${base}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { Authorization: `Bearer ${as}`, 'Content-Type': 'application/json', ...headers },
      });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    };
    const baseA = await baseOf(a);
    const version = (v: number) => ({ [`${a.config.vendor.headerPrefix}-Version`]: String(v) });
    const articleSpace: TwoProcesses['articleSpace'] = async (fields) => {
      const spaceId = (await call(baseA, 'POST', '/spaces', { name: 'Two processes' })).body.sys.id as string;
      const m = (path: string) => `/spaces/${spaceId}/environments/master/${path}`;
      const ct = await call(baseA, 'PUT', m('content_types/article'), {
        name: 'Article',
        displayField: fields[0]!.id,
        fields: fields.map((f) => ({ ...f, name: f.id })),
      });
      expect(ct.status, JSON.stringify(ct.body)).toBe(201);
      expect(
        (await call(baseA, 'PUT', m('content_types/article/published'), undefined, version(ct.body.sys.version)))
          .status,
      ).toBe(200);
      return { spaceId, m };
    };
    both = { a, b, baseA, baseB: await baseOf(b), databaseUrl: db.url, call, articleSpace };
  }, 60_000);
  afterAll(async () => {
    await both?.a.close();
    await both?.b.close();
    await drop?.();
  });

  return () => {
    if (!both) throw new Error('processes not started');
    return both;
  };
}

/** Reads until `accept` holds or 5 seconds have passed (another process learns of a write at its commit, soon after); answers the last value. */
export async function settled<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 50 && !accept(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
