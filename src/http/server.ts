import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { indexValidatorRouteLookup } from './validator-route-index.ts';
import type { Config } from '../config.ts';
import type { Services } from '../domain/index.ts';
import type { Logger } from '../lib/logger.ts';
import { allHandlers } from './handlers/index.ts';
import { authenticate } from './middleware/authenticate.ts';
import { authorize } from './middleware/authorize.ts';
import { cors } from './middleware/cors.ts';
import { errorHandler, lastResort, notFoundLayer } from './middleware/error-handler.ts';
import { scimErrorHandler } from './middleware/scim-error-handler.ts';
import type { RateLimitMiddleware } from './middleware/rate-limit.ts';
import { requestId } from './middleware/request-id.ts';
import { loadDocument, acceptUnencodedScimFilters, mergeDocuments, ROUTED_APIS } from './openapi-documents.ts';
import { publicRoutes } from './public-routes.ts';
import { firstSegment, gateByFirstSegment, type GatedHandler } from './path-gate.ts';
import { directChain } from './direct-chain.ts';
import { operationDispatcher, publicOperations } from './routes.ts';
import { fileHosts, type FileHostsOptions } from './file-hosts.ts';
import { streamedBody } from './middleware/streamed-body.ts';
import { inputGuard, pathEncodingGuard } from './middleware/input-guard.ts';
import { meterUsage } from './middleware/meter-usage.ts';
import type { UsageMeter } from '../domain/usage/usage-meter.ts';
import type { ContentReader } from '../domain/delivery/index.ts';
import { graphqlEndpoint } from '../graphql/endpoint.ts';
import { graphqlExplorer } from '../graphql/explorer.ts';
import type { RateLimiter } from '../rate-limit/index.ts';

export interface HttpDependencies {
  config: Config;
  services: Services;
  logger: Logger;
  /** Sets the rate-limit headers and refuses requests over the organization's budget. */
  rateLimit: RateLimitMiddleware;
  /** Test hook: sees every response that breaks the published contract. */
  onResponseViolation?: (message: string, req: express.Request) => void;
  /** The public asset and image hosts (no authentication). */
  fileHosts?: FileHostsOptions;
  /** The reader of published and preview content the GraphQL Content API reads through (mounted only when given). */
  content?: ContentReader;
  /** Per-space budget of the GraphQL Content API (undefined: unlimited). */
  graphqlRateLimiter?: RateLimiter;
  /** A stored file URL with this server's configured scheme (GraphQL `Asset.url`). */
  completeFileUrl?: (url: string) => string;
  /** Counts admitted management requests for the Usage API (metering off: undefined). */
  usageMeter?: UsageMeter;
  /** Counts a GraphQL request of an authorized token in its space (metering off: undefined). */
  meterGraphql?: (spaceId: string) => Promise<void>;
}

/** The Express application, and the listener that serves every API on one port with it and the direct chain. */
export interface HttpApp {
  app: Express;
  listener: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The Express application serving every REST API on one port, and the listener to serve it with: requests that
 * only the management API's middlewares answer run them directly on Node's request and response
 * (`direct-chain.ts`), the others go through Express. Both run the same middleware instances in the same order.
 */
export function createHttpApp(deps: HttpDependencies): HttpApp {
  const { config, services, logger } = deps;
  const vendor = config.vendor;
  const app = express();
  app.set('env', config.nodeEnv);
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  const leading = [requestId(`${vendor.headerPrefix}-Request-Id`), cors(vendor)];
  const routers: GatedHandler[] = [publicRoutes(config)];
  if (deps.fileHosts) routers.push(fileHosts(deps.fileHosts));
  if (deps.content) {
    // The GraphQL Content API and its explorer live under /content/v1/spaces/... (see their routers).
    routers.push(
      gateByFirstSegment(
        ['content'],
        graphqlEndpoint(deps.content, vendor, {
          limiter: deps.graphqlRateLimiter,
          maxOperations: config.graphqlMaxOperations,
          completeFileUrl: deps.completeFileUrl,
          meter: deps.meterGraphql,
        }),
      ),
    );
    routers.push(gateByFirstSegment(['content'], graphqlExplorer(deps.content, vendor)));
  }

  // The management, user-management and SCIM documents are routed by one validator over their merged paths.
  const routed = acceptUnencodedScimFilters(mergeDocuments(ROUTED_APIS.map((api) => loadDocument(api, '3.1', vendor))));
  indexValidatorRouteLookup();
  const validator = OpenApiValidator.middleware({
    apiSpec: routed as never,
    validateRequests: { allErrors: true },
    validateResponses: config.validateResponses
      ? {
          onError: (error, _body, req) =>
            deps.onResponseViolation?.(`${req.method} ${req.originalUrl}: ${error.message}`, req as express.Request),
        }
      : false,
    validateSecurity: false,
    $refParser: { mode: 'dereference' },
  });
  const baseUrl = (req: express.Request) => config.publicBaseUrl ?? `${req.protocol}://${req.get('host')}`;
  const handlers = allHandlers(services);
  const jsonBody = express.json({ type: ['application/json', 'application/*+json'], limit: '10mb' });
  const validation = [
    pathEncodingGuard,
    ...withBefore(
      validator,
      'requestMiddleware',
      inputGuard(vendor),
      authorize(services.authorizer),
      ...(deps.usageMeter ? [meterUsage(deps.usageMeter)] : []),
    ),
  ];
  const managementLayers = [
    jsonBody,
    streamedBody(),
    authenticate(services.identity),
    ...[deps.rateLimit].flat(),
    ...validation,
    operationDispatcher([routed], handlers, { vendor, baseUrl }),
    notFoundLayer,
    scimErrorHandler(logger),
    errorHandler(logger, vendor),
  ];
  // Operations that need no credential (joining with an invitation) run the same layers, without authentication.
  const publicRouter = express.Router();
  publicRouter.use(
    jsonBody,
    ...[deps.rateLimit].flat(),
    ...validation,
    operationDispatcher([routed], handlers, { vendor, baseUrl, access: 'public' }),
    notFoundLayer,
    errorHandler(logger, vendor),
  );
  routers.push(
    gateByFirstSegment(
      publicOperations([routed]).map((op) => firstSegment(op.path)),
      publicRouter,
    ),
  );

  for (const layer of [...leading, ...routers, ...managementLayers]) app.use(layer);
  const last = lastResort(vendor);
  const direct = directChain(app, routers, [...leading, ...managementLayers], last);
  return {
    app,
    listener: (req, res) =>
      direct.accepts(req)
        ? direct.handle(req, res)
        : app(req as express.Request, res as express.Response, (error?: unknown) => last(error, req, res)),
  };
}

/** The validator's middlewares with `inserted` before the one named `name` (its request validation): a gap fails at start. */
function withBefore(layers: RequestHandler[], name: string, ...inserted: RequestHandler[]): RequestHandler[] {
  const at = layers.findIndex((l) => l.name === name);
  if (at < 0) throw new Error(`express-openapi-validator has no middleware named ${name}`);
  return [...layers.slice(0, at), ...inserted, ...layers.slice(at)];
}
