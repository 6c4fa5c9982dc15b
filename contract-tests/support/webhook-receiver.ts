import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** One request a receiver got. */
export interface ReceivedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How the receiver answers a request; the default answers 200 `ok`. */
export type Responder = (call: ReceivedCall, request: IncomingMessage, response: ServerResponse) => void;

/** A webhook receiver on 127.0.0.1 (node:http) that keeps every request it got. */
export interface WebhookReceiver {
  readonly url: string;
  readonly calls: ReceivedCall[];
  /** Answers requests to `path` (or to every path without one) with `responder` from now on. */
  respond(responder: Responder, path?: string): void;
  /** The requests whose path is `path`. */
  to(path: string): ReceivedCall[];
  /** Waits until `count` requests reached `path` (or any path), or fails after `timeoutMs`. */
  waitFor(count: number, path?: string, timeoutMs?: number): Promise<ReceivedCall[]>;
  close(): Promise<void>;
}

const flatHeaders = (request: IncomingMessage) =>
  Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));

export async function startReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  const responders = new Map<string, Responder>();
  let fallback: Responder = (_call, _request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call: ReceivedCall = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: flatHeaders(request),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      calls.push(call);
      const path = call.path.split('?')[0]!;
      (responders.get(path) ?? fallback)(call, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const to = (path: string) => calls.filter((c) => c.path.split('?')[0] === path);
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    respond(responder, path) {
      if (path === undefined) fallback = responder;
      else responders.set(path, responder);
    },
    to,
    async waitFor(count, path, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const got = path === undefined ? calls : to(path);
        if (got.length >= count) return got;
        if (Date.now() > end)
          throw new Error(
            `the receiver got ${got.length} of ${count} calls${path ? ` to ${path}` : ''} in ${timeoutMs} ms`,
          );
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers 200 with a 10 MB text body, written as fast as the client reads it (a receiver that talks too much). */
export function answerTenMegabytes(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  const chunk = 'y'.repeat(64 * 1024);
  let sent = 0;
  const more = () => {
    while (sent < 10 * 1024 * 1024) {
      sent += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', more);
        return;
      }
    }
    response.end();
  };
  response.on('error', () => {});
  more();
}

/** A receiver started before the suite's tests and closed after them: call the getter inside tests. */
export function useReceiver(): () => WebhookReceiver {
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  return () => {
    if (!receiver) throw new Error('receiver not started');
    return receiver;
  };
}
