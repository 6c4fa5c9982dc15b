import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTessera, type Tessera } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { loadContract, type Contract } from './openapi-contract.ts';
import { recordCoverage } from './coverage.ts';
import { createTestDatabase, type DbKind } from './databases.ts';
import { pgliteTemplate } from './pglite-template.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}
export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string | null;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
}

let contract: Contract | undefined;

/** A running server plus a client whose every response is checked against the published contract. */
export interface TestServer {
  readonly baseUrl: string;
  readonly tessera: Tessera;
  readonly vendorPrefix: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Contract problems seen since the last call (the afterEach hook fails a test that leaves any). */
  takeViolations(): string[];
  close(): Promise<void>;
}

export interface ServerOptions {
  env?: Record<string, string>;
}

export async function startServer(kind: DbKind, options: ServerOptions = {}): Promise<TestServer> {
  contract ??= loadContract();
  const c = contract;
  const database = kind === 'postgres' ? await createTestDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    TESSERA_ADMIN_TOKEN: ADMIN_TOKEN,
    TESSERA_RATE_LIMIT_PER_SECOND: '0',
    TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const violations: string[] = [];
  const covered = new Set<string>();
  const tessera = await createTessera(config, {
    inMemory: true,
    inMemoryTemplate: await pgliteTemplate(),
    onResponseViolation: (m) => violations.push(`server-side: ${m}`),
  });
  const { port } = await tessera.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${port}`;
  const vendorPrefix = config.vendor.headerPrefix;
  const mediaType = config.vendor.mgmtMediaType;

  async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    const token = o.token === undefined ? ADMIN_TOKEN : o.token;
    if (token !== null && !('Authorization' in headers)) headers.Authorization = `Bearer ${token}`;
    let body: string | Buffer | undefined = o.rawBody;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['Content-Type'] ??= mediaType;
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const op = c.find(method, url.pathname);
    if (op) {
      covered.add(`${op.method} ${op.template} ${response.status}`);
      violations.push(...c.check(op, response.status, response.headers, text, vendorPrefix, config.vendor.token));
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    baseUrl,
    tessera,
    vendorPrefix,
    request,
    get: (p, o) => request('GET', p, o),
    post: (p, b, o) => request('POST', p, { ...o, body: b }),
    put: (p, b, o) => request('PUT', p, { ...o, body: b }),
    delete: (p, o) => request('DELETE', p, o),
    takeViolations: () => violations.splice(0),
    async close() {
      recordCoverage(covered);
      await tessera.close();
      await database?.drop();
    },
  };
}

/**
 * Starts one server for the enclosing `describe` and checks after every test that no response broke the
 * published contract. Use the returned getter inside tests: `const api = useServer(kind); api().get(...)`.
 */
export function useServer(kind: DbKind, options: ServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(kind, options);
  }, 60_000);
  afterEach(() => {
    expect(server?.takeViolations() ?? [], 'responses that break the published OpenAPI contract').toEqual([]);
  });
  afterAll(async () => {
    await server?.close();
  }, 60_000);
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}
