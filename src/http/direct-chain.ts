import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import parseurl from 'parseurl';
import { firstSegmentOfRequest, type GatedHandler } from './path-gate.ts';

type Layer = RequestHandler | ErrorRequestHandler;
type Next = (error?: unknown) => void;
/** What answers when the last layer passes the request on (Express's final handler, or the server's replacement). */
export type FinalHandler = (error: unknown, req: IncomingMessage, res: ServerResponse) => void;

/** Express's own getters, read on its request prototype (they read `app`, `socket`, `headers` and `get`). */
const expressRequest = express.request as object;
const getterOf = (name: string) => Object.getOwnPropertyDescriptor(expressRequest, name)!.get!;
const protocolOf = getterOf('protocol');
const ipOf = getterOf('ip');

/**
 * Gives a Node request what the management API's middlewares read of an Express request, as Express computes it:
 * `app`, `originalUrl`, `baseUrl`, `path`, `query` (the app's query parser over the query string), `params`,
 * `get`/`header`, `protocol` and `ip`. Own properties, set in one order, instead of the prototype Express swaps in.
 */
function asExpressRequest(req: IncomingMessage, app: Express): void {
  const url = parseurl(req)!;
  const parseQuery = app.get('query parser fn') as ((query: string) => unknown) | undefined;
  const r = req as IncomingMessage & Record<string, unknown>;
  r.app = app;
  r.originalUrl = req.url;
  r.baseUrl = '';
  r.path = url.pathname;
  r.query = parseQuery ? parseQuery(typeof url.query === 'string' ? url.query : '') : Object.create(null);
  r.params = {};
  r.get = r.header = express.request.get;
  r.protocol = protocolOf.call(r);
  r.ip = ipOf.call(r);
}

/**
 * Runs `layers` as an Express router runs an app's middlewares, in order: request handlers while there is no error,
 * error handlers (four parameters) once one was passed to `next` or thrown; a returned promise that rejects is such
 * an error. When the last layer passes the request on, `final` answers, as it would have in the app.
 */
function runLayers(layers: readonly Layer[], final: FinalHandler, req: IncomingMessage, res: ServerResponse): void {
  const done = (error: unknown) => final(error, req, res);
  let at = 0;
  const next: Next = (error) => {
    // As the router reads `next`'s argument: 'route' is no error; 'router' leaves the router (here: the chain).
    const layerError = error === 'route' ? undefined : error;
    if (layerError === 'router') return done(undefined);
    const failed = Boolean(layerError);
    let layer = layers[at++];
    while (layer && (layer.length === 4) !== failed) layer = layers[at++];
    if (!layer) return done(failed ? layerError : undefined);
    try {
      const returned = (
        failed
          ? (layer as ErrorRequestHandler)(layerError, req as never, res as never, next)
          : (layer as RequestHandler)(req as never, res as never, next)
      ) as unknown;
      if (typeof (returned as PromiseLike<unknown> | undefined)?.then === 'function') {
        (returned as PromiseLike<unknown>).then(undefined, (rejected: unknown) =>
          next(rejected || new Error('Rejected promise')),
        );
      }
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
}

export interface DirectChain {
  /** Whether `handle` may serve the request: no router in front of the chain may claim it. */
  accepts(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * The middlewares of an Express app run on Node's own request and response, for the requests that only they
 * answer. Express swaps the prototypes of every request and response (their property reads in Node's HTTP code
 * and ours then go through slower lookups) and runs its router's layers: with the OpenAPI validator, more than a
 * third of the server's CPU per request of entry create + publish. `routers` are the gated routers the app
 * mounts in front of `layers` (public routes, file hosts, GraphQL): a request whose first path segment one of them
 * claims, an OPTIONS preflight, or any request at all when one of them may answer every path, is left to the app.
 */
export function directChain(
  app: Express,
  routers: readonly GatedHandler[],
  layers: readonly Layer[],
  final: FinalHandler,
): DirectChain {
  const claimsAll = routers.some((r) => r.claims === 'any');
  const claimed = new Set(routers.flatMap((r) => (r.claims === 'any' ? [] : [...r.claims])));
  // The request's fields are set by the first layer, so that whatever fails there is answered by the error handlers.
  const readRequest: RequestHandler = (req, _res, next) => {
    asExpressRequest(req, app);
    next();
  };
  const chain: Layer[] = [readRequest, ...layers];
  return {
    accepts: (req) =>
      !claimsAll && req.method !== 'OPTIONS' && !claimed.has(firstSegmentOfRequest(parseurl(req)?.pathname ?? '/')),
    handle: (req, res) => runLayers(chain, final, req, res),
  };
}
