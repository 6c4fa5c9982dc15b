import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerTenMegabytes } from '../../contract-tests/support/webhook-receiver.ts';
import type { SendOptions } from '../domain/webhooks/delivery/transport.ts';
import { DeliveryAbortedError, sendRequest } from './webhook-sender.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('webhook delivery sender (undici, real loopback receiver)', () => {
  let server: Server;
  let base: string;
  let port: number;
  const received: Received[] = [];
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        (routes.get(req.url!) ?? ((_q, r) => r.writeHead(200).end('ok')))(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const options = (extra: Partial<SendOptions> = {}): SendOptions => ({
    timeoutMs: 2_000,
    maxResponseBytes: 1024,
    ...extra,
  });
  const last = () => received.at(-1)!;

  it('sends the body chunked without Content-Length, and answers status, headers (repeated ones joined) and body', async () => {
    routes.set('/echo', (_q, res) => {
      res.setHeader('X-Twice', ['a', 'b']);
      res.writeHead(202, { 'Content-Type': 'text/plain' }).end('fine');
    });
    const result = await sendRequest(
      { url: `${base}/echo`, method: 'POST', headers: { 'X-Topic': 'T' }, body: '{"é":1}' },
      options(),
    );
    expect(result).toMatchObject({
      statusCode: 202,
      body: 'fine',
      errors: [],
      headers: { 'content-type': 'text/plain', 'x-twice': 'a, b' },
    });
    expect(result.responseAt).toBeInstanceOf(Date);
    expect(last()).toMatchObject({ method: 'POST', url: '/echo', body: '{"é":1}' });
    expect(last().headers['transfer-encoding']).toBe('chunked');
    expect(last().headers['content-length']).toBeUndefined();
    expect(last().headers['x-topic']).toBe('T');
  });

  it('sends Content-Length when asked, no body for a GET, and URL credentials as Basic authorization', async () => {
    await sendRequest(
      { url: `${base}/length`, method: 'PUT', headers: {}, body: '{"é":1}', includeContentLength: true },
      options(),
    );
    expect(last().headers['content-length']).toBe(String(Buffer.byteLength('{"é":1}')));
    expect(last().headers['transfer-encoding']).toBeUndefined();
    await sendRequest(
      { url: `http://us%40er:p%3Ass@127.0.0.1:${port}/auth?x=1`, method: 'GET', headers: {} },
      options(),
    );
    expect(last()).toMatchObject({ method: 'GET', url: '/auth?x=1', body: '' });
    expect(last().headers.authorization).toBe(`Basic ${Buffer.from('us@er:p:ss').toString('base64')}`);
    await sendRequest(
      { url: `http://u:p@127.0.0.1:${port}/auth`, method: 'GET', headers: { authorization: 'Bearer mine' } },
      options(),
    );
    expect(last().headers.authorization).toBe('Bearer mine');
  });

  it('takes a redirect as the answer, and cuts a long answer at the limit without reading the rest', async () => {
    routes.set('/moved', (_q, res) => res.writeHead(301, { Location: '/elsewhere' }).end());
    expect(
      await sendRequest({ url: `${base}/moved`, method: 'POST', headers: {}, body: '{}' }, options()),
    ).toMatchObject({ statusCode: 301, errors: [] });
    expect(received.some((r) => r.url === '/elsewhere')).toBe(false);
    routes.set('/big', (_q, res) => answerTenMegabytes(res));
    const big = await sendRequest(
      { url: `${base}/big`, method: 'POST', headers: {}, body: '{}' },
      options({ maxResponseBytes: 100_000 }),
    );
    expect(big).toMatchObject({ statusCode: 200, errors: [] });
    expect(big.body).toHaveLength(100_000);
  });

  it('bounds the whole exchange by the timeout, before and after the answer began', async () => {
    routes.set('/hang', () => {
      /* never answers */
    });
    routes.set('/stall', (_q, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const started = Date.now();
    expect(
      await sendRequest({ url: `${base}/hang`, method: 'POST', headers: {}, body: '{}' }, options({ timeoutMs: 200 })),
    ).toEqual({ statusCode: null, headers: {}, body: '', errors: ['TimeoutError'], responseAt: null });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(
      await sendRequest({ url: `${base}/stall`, method: 'POST', headers: {}, body: '{}' }, options({ timeoutMs: 200 })),
    ).toMatchObject({ statusCode: 200, body: 'partial', errors: ['TimeoutError'] });
  });

  it('gives up when the process stops: the promise rejects with DeliveryAbortedError', async () => {
    routes.set('/hang', () => {
      /* never answers */
    });
    const stop = new AbortController();
    const sending = sendRequest(
      { url: `${base}/hang`, method: 'POST', headers: {}, body: '{}' },
      options({ signal: stop.signal }),
    );
    setTimeout(() => stop.abort(), 50);
    await expect(sending).rejects.toBeInstanceOf(DeliveryAbortedError);
    await expect(
      sendRequest({ url: `${base}/x`, method: 'POST', headers: {} }, options({ signal: stop.signal })),
    ).rejects.toBeInstanceOf(DeliveryAbortedError);
  });

  it('names refused and reset connections', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      await sendRequest({ url: `http://127.0.0.1:${closedPort}/`, method: 'POST', headers: {}, body: '{}' }, options()),
    ).toMatchObject({ statusCode: null, errors: ['ConnectionRefusedError'] });
    routes.set('/reset', (req) => req.socket.destroy());
    expect(
      await sendRequest({ url: `${base}/reset`, method: 'POST', headers: {}, body: '{}' }, options()),
    ).toMatchObject({ statusCode: null, errors: ['ConnectionResetError'] });
  });

  it('sends once more after a reset before any answer from a receiver that answered before, never twice more', async () => {
    let flaky = 0;
    routes.set('/flaky', (req, res) => {
      flaky += 1;
      if (flaky === 2) req.socket.destroy();
      else res.writeHead(200).end('ok');
    });
    expect(
      await sendRequest({ url: `${base}/flaky`, method: 'POST', headers: {}, body: '{}' }, options()),
    ).toMatchObject({ statusCode: 200 });
    expect(
      await sendRequest({ url: `${base}/flaky`, method: 'POST', headers: {}, body: '{}' }, options()),
    ).toMatchObject({ statusCode: 200, errors: [] });
    expect(flaky).toBe(3);
    let resets = 0;
    routes.set('/resets', (req) => {
      resets += 1;
      req.socket.destroy();
    });
    expect(
      await sendRequest({ url: `${base}/resets`, method: 'POST', headers: {}, body: '{}' }, options()),
    ).toMatchObject({ statusCode: null, errors: ['ConnectionResetError'] });
    expect(resets).toBe(2);
    // A receiver that never answered: its reset is the answer.
    let fresh = 0;
    const never = createServer((req) => {
      fresh += 1;
      req.socket.destroy();
    });
    await new Promise<void>((resolve) => never.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(never.address() as AddressInfo).port}/`;
    expect(await sendRequest({ url, method: 'POST', headers: {}, body: '{}' }, options())).toMatchObject({
      statusCode: null,
      errors: ['ConnectionResetError'],
    });
    expect(fresh).toBe(1);
    never.closeAllConnections();
    await new Promise((resolve) => never.close(resolve));
  });

  it('connects a checked name to the addresses the check allowed only, never to a fresh lookup', async () => {
    // `.invalid` never resolves: the call arrives only because the connection used the pinned address.
    const pinned = await sendRequest(
      { url: `http://receiver.invalid:${port}/pinned`, method: 'POST', headers: {}, body: '{}' },
      options({ addresses: [{ address: '127.0.0.1', family: 4 }] }),
    );
    expect(pinned).toMatchObject({ statusCode: 200, errors: [] });
    expect(last()).toMatchObject({ url: '/pinned' });
    expect(last().headers.host).toBe(`receiver.invalid:${port}`);
    // A name that resolves to the receiver, pinned elsewhere: the connection goes to the pinned address (nobody listens).
    expect(
      await sendRequest(
        { url: `http://localhost:${port}/elsewhere`, method: 'POST', headers: {}, body: '{}' },
        options({ addresses: [{ address: '127.0.0.2', family: 4 }] }),
      ),
    ).toMatchObject({ statusCode: null, errors: ['ConnectionRefusedError'] });
    expect(received.some((r) => r.url === '/elsewhere')).toBe(false);
    // Nothing resolved by the check (private targets allowed): the connection looks the name up itself.
    expect(
      await sendRequest(
        { url: `http://localhost:${port}/x`, method: 'POST', headers: {}, body: '{}' },
        options({ addresses: [] }),
      ),
    ).toMatchObject({ statusCode: 200 });
    expect(
      await sendRequest(
        { url: `http://unchecked.invalid:${port}/x`, method: 'POST', headers: {}, body: '{}' },
        options({ addresses: undefined }),
      ),
    ).toMatchObject({ statusCode: null, errors: ['NameResolutionError'] });
  });
});
