import http from 'node:http';

/**
 * Sends a request exactly as given (node:http, not fetch: fetch would normalise `..` and percent-encodings away).
 * A request not answered within the timeout is reported as a hang.
 */
export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}
export type Answer =
  | { kind: 'response'; status: number; contentType: string; text: string }
  | { kind: 'hang'; afterMs: number }
  | { kind: 'error'; message: string };

export const FUZZ_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function send(baseUrl: string, request: Sent, timeoutMs = FUZZ_TIMEOUT_MS): Promise<Answer> {
  const base = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            kind: 'response',
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (err) => done({ kind: 'error', message: err.message }));
      },
    );
    const timer = setTimeout(() => {
      done({ kind: 'hang', afterMs: timeoutMs });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) =>
      done({ kind: 'error', message: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.trim() }),
    );
    req.end(request.body);
  });
}

/** Closes the kept-alive connections (after the suite). */
export const closeConnections = () => agent.destroy();
