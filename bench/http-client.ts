import http from 'node:http';

export interface Reply {
  status: number;
  body: any;
  text: string;
}

/**
 * A small JSON client over keep-alive connections (node:http, no fetch overhead), so a measured latency is the
 * server's and one socket's, not the client library's.
 */
export function httpClient(baseUrl: string, headers: Record<string, string>, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);

  function request(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; body?: NodeJS.ReadableStream } = {},
  ): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const payload = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path,
          agent,
          headers: {
            ...headers,
            ...(payload
              ? {
                  'Content-Type': 'application/vnd.service.management.v1+json',
                  'Content-Length': String(payload.length),
                }
              : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: any;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = undefined;
            }
            resolve({ status: res.statusCode ?? 0, body, text });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (options.body) options.body.pipe(req);
      else req.end(payload);
    });
  }

  /** A request that must answer `expected`; anything else stops the bench with the answer. */
  async function expectStatus(
    expected: number,
    method: string,
    path: string,
    options: Parameters<typeof request>[2] = {},
  ): Promise<any> {
    const reply = await request(method, path, options);
    if (reply.status !== expected)
      throw new Error(`${method} ${path}: expected ${expected}, got ${reply.status} ${reply.text.slice(0, 500)}`);
    return reply.body;
  }

  return { baseUrl, request, expectStatus, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof httpClient>;
