import { createServer, IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { vendorNames } from '../config.ts';
import { directChain } from './direct-chain.ts';
import { lastResort } from './middleware/error-handler.ts';
import type { GatedHandler } from './path-gate.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server answering with `listener`, and a fetch of a path on it. */
async function serve(listener: (req: IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
}

const final = lastResort(vendorNames('service'));
const gated = (claims: GatedHandler['claims']): GatedHandler =>
  Object.assign(((_req, _res, next) => next()) as RequestHandler, { claims });

/** What a layer reads of a request, as Express computes it. */
const seenBy = (req: Request) => ({
  originalUrl: req.originalUrl,
  baseUrl: req.baseUrl,
  path: req.path,
  query: { ...req.query },
  params: req.params,
  protocol: req.protocol,
  ip: req.ip,
  host: req.get('host')?.replace(/:\d+$/, ''),
  referrer: req.get('Referrer'),
  vendor: req.header('X-Service-Version'),
  caseSensitive: req.app.enabled('case sensitive routing'),
});

describe('directChain', () => {
  it('gives a layer the request Express would: the same path, query, protocol, address and headers', async () => {
    const app = express();
    app.set('query parser', 'simple');
    const seen: Array<{ direct: boolean; what: ReturnType<typeof seenBy> }> = [];
    const record: RequestHandler = (req, res) => {
      seen.push({ direct: Object.getPrototypeOf(req) === IncomingMessage.prototype, what: seenBy(req) });
      res.end();
    };
    app.use(record);
    const chain = directChain(app, [], [record], final);
    const viaExpress = await serve(app);
    const viaChain = await serve((req, res) => chain.handle(req, res));
    const headers = { 'X-Service-Version': '3', Referer: 'http://elsewhere/' };
    for (const path of [
      '/spaces/s1/entries?limit=1&skip=2&fields.title%5Bne%5D=a%26b&order=a&order=b',
      '/Spaces/a%20b/',
      '/x?',
      '/',
    ]) {
      await viaExpress(path, { headers });
      await viaChain(path, { headers });
      const [expressSaw, chainSaw] = seen.splice(0);
      expect(expressSaw.direct).toBe(false);
      expect(chainSaw.direct).toBe(true);
      expect(chainSaw.what, path).toEqual(expressSaw.what);
    }
  });

  it('runs request handlers in order, then only error handlers once one failed, as Express does', async () => {
    const app = express();
    const order: string[] = [];
    const step =
      (name: string): RequestHandler =>
      (_req, _res, next) => {
        order.push(name);
        next();
      };
    const fail =
      (how: 'throw' | 'next' | 'reject'): RequestHandler =>
      (_req, _res, next) => {
        order.push(how);
        if (how === 'throw') throw new Error(how);
        if (how === 'next') return next(new Error(how));
        return Promise.reject(new Error(how)) as never;
      };
    const recover: ErrorRequestHandler = (error, _req, res, _next) => {
      order.push(`handled ${error.message}`);
      res.statusCode = 418;
      res.end();
    };
    for (const how of ['throw', 'next', 'reject'] as const) {
      const chain = directChain(app, [], [step('a'), recover, fail(how), step('skipped'), recover], final);
      const get = await serve((req, res) => chain.handle(req, res));
      expect((await get('/')).status).toBe(418);
      expect(order.splice(0)).toEqual(['a', how, `handled ${how}`]);
    }
    const passOn = directChain(
      app,
      [],
      [step('a'), ((_req, _res, next) => next('route')) as RequestHandler, step('b')],
      final,
    );
    const get = await serve((req, res) => passOn.handle(req, res));
    const nowhere = await get('/nowhere');
    expect(nowhere.status).toBe(404); // the final handler, as when Express's router ends
    expect(await nowhere.json()).toMatchObject({ sys: { type: 'Error', id: 'NotFound' } });
    expect(order).toEqual(['a', 'b']);
  });

  it('answers a failure no error handler answered with a fixed JSON 500, never an HTML page or a stack', async () => {
    const app = express();
    app.set('env', 'development');
    const failingHandler: ErrorRequestHandler = (_error, _req, _res, next) =>
      next(new Error('the error handler failed at /work/secret.ts:1'));
    const chain = directChain(
      app,
      [],
      [
        (() => {
          throw new Error('boom');
        }) as RequestHandler,
        failingHandler,
      ],
      final,
    );
    const res = await (await serve((req, res) => chain.handle(req, res)))('/');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toEqual({ sys: { type: 'Error', id: 'ServerError' }, message: 'Internal Server Error' });
  });

  it('answers through the error handlers when the request cannot be read as Express reads it', async () => {
    const app = express();
    app.set('query parser', () => {
      throw new Error('unreadable query');
    });
    const recover: ErrorRequestHandler = (error, _req, res, _next) => {
      res.statusCode = 400;
      res.end(error.message);
    };
    const chain = directChain(
      app,
      [],
      [
        ((_req, res) => {
          res.end('not reached');
        }) as RequestHandler,
        recover,
      ],
      final,
    );
    const get = await serve((req, res) => chain.handle(req, res));
    const res = await get('/spaces?a=1');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('unreadable query');
  });

  it('accepts only what no router in front of it may claim, and no preflight', () => {
    const app = express();
    const request = (method: string, url: string) => ({ method, url, headers: {} }) as IncomingMessage;
    const chain = directChain(app, [gated(new Set(['openapi', 'content']))], [], final);
    expect(chain.accepts(request('POST', '/spaces/s1/entries'))).toBe(true);
    expect(chain.accepts(request('GET', '/users/me?x=/openapi'))).toBe(true);
    expect(chain.accepts(request('GET', '/OpenAPI/management.json'))).toBe(false);
    expect(chain.accepts(request('POST', '/content/v1/spaces/s1'))).toBe(false);
    expect(chain.accepts(request('OPTIONS', '/spaces/s1'))).toBe(false);
    expect(directChain(app, [gated(new Set()), gated('any')], [], final).accepts(request('GET', '/spaces/s1'))).toBe(
      false,
    );
  });
});
