import type { Request, RequestHandler, Response, NextFunction } from 'express';
import type { VendorNames } from '../config.ts';
import { AppError } from '../errors/index.ts';
import { parseVersion, type ApiRequest, type Handler, type HandlerMap, type RequestContext } from './handler.ts';
import type { OpenApiDocument } from './openapi-documents.ts';
import { writeJson } from './write-json.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface RouteOptions {
  vendor: VendorNames;
  baseUrl: (req: Request) => string;
  onResult?: (req: Request, status: number) => void;
  /** `public`: run only the operations that need no credential (mounted before authentication); others go on. */
  access?: 'authenticated' | 'public';
}

/** Operations whose `security` accepts no credential (`[{}]` or `[]`): they are routed before authentication. */
export function publicOperations(docs: OpenApiDocument[]): Array<{ path: string; operationId: string }> {
  const found: Array<{ path: string; operationId: string }> = [];
  for (const doc of docs) {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const m of METHODS) {
        const security = item[m]?.security as unknown[] | undefined;
        const operationId = item[m]?.operationId;
        if (
          operationId &&
          Array.isArray(security) &&
          (security.length === 0 || security.some((s) => Object.keys(s as object).length === 0))
        )
          found.push({ path, operationId });
      }
    }
  }
  return found;
}

const publicOperationIds = (docs: OpenApiDocument[]) => new Set(publicOperations(docs).map((op) => op.operationId));

/** Every operation of the documents, bound to its handler by operationId. A gap either way fails at start. */
export function operationsOf(
  docs: OpenApiDocument[],
): Array<{ method: (typeof METHODS)[number]; path: string; operationId: string }> {
  return docs.flatMap((doc) =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]?.operationId).map((method) => ({
        method,
        path,
        operationId: item[method].operationId!,
      })),
    ),
  );
}

/**
 * A handler of some operation, its input type erased: the dispatcher runs it only on a request the OpenAPI
 * validator matched to that operation and checked against its parameters and body, which is what its input type says.
 */
type RoutedHandler = Handler<never>;

const notImplemented = (operationId: string) => async (): Promise<never> => {
  throw new AppError('NotImplemented', `The operation ${operationId} is specified but not implemented yet.`);
};

/** What express-openapi-validator's metadata middleware leaves on a request whose path and method it matched. */
type MatchedRequest = Request & { openapi?: { schema?: { operationId?: string }; pathParams: Record<string, string> } };

/**
 * Runs the handler of the operation the OpenAPI validator in front matched (`req.openapi`, with its decoded path
 * parameters), found by operationId: the validator has already picked the one route that matches, so
 * a second linear scan of every route as an Express router would do is not needed. A request the validator did not
 * match (it answers 404 and 405 itself for the document's paths) goes on to the next middleware.
 */
export function operationDispatcher(
  docs: OpenApiDocument[],
  handlers: Partial<HandlerMap>,
  options: RouteOptions,
): RequestHandler {
  const operations = operationsOf(docs);
  const unknown = Object.keys(handlers).filter((id) => !operations.some((o) => o.operationId === id));
  if (unknown.length) throw new Error(`handlers without a spec operation: ${unknown.join(', ')}`);
  const versionHeader = `${options.vendor.headerPrefix}-Version`;
  // An operation specified but not built yet answers 501; routes.test.ts fails CI while any exists.
  const publicIds = publicOperationIds(docs);
  const routed = options.access === 'public' ? operations.filter((op) => publicIds.has(op.operationId)) : operations;
  const table: Partial<Record<string, RoutedHandler>> = handlers;
  const byOperationId = new Map(
    routed.map((op) => [op.operationId, table[op.operationId] ?? notImplemented(op.operationId)]),
  );

  const run = async (
    handler: RoutedHandler,
    isPublic: boolean,
    params: Record<string, string>,
    req: Request,
    res: Response,
    next: NextFunction,
  ) => {
    try {
      if (!req.actor && !isPublic) throw new AppError('AccessTokenInvalid');
      // Fails closed when a chain dispatches without the authorize middleware in front.
      if (!req.grant)
        throw new Error(`${req.method} ${req.path}: no access grant (the authorize middleware did not run)`);
      const apiRequest: RequestContext & { params: Record<string, string>; query: unknown; body: unknown } = {
        params,
        query: req.query,
        body: req.body,
        headers: req.headers,
        // Absent only for public operations, whose handlers are typed without it (`PublicHandler`).
        actor: req.actor!,
        grant: req.grant,
        requestId: req.id,
        vendorHeader: (suffix) => req.get(`${options.vendor.headerPrefix}-${suffix}`),
        vendorToken: options.vendor.token,
        version: parseVersion(req.get(versionHeader), versionHeader),
        baseUrl: options.baseUrl(req),
        rawQuery: req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '',
      };
      // The validator checked params, query and body against this operation (see RoutedHandler).
      const result = await handler(apiRequest as ApiRequest<never>);
      for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
      if (result.body === undefined) {
        res.statusCode = result.status;
        res.end();
      } else {
        writeJson(res, result.status, result.mediaType ?? options.vendor.mgmtMediaType, JSON.stringify(result.body));
      }
    } catch (error) {
      next(error);
    }
  };
  return (req: MatchedRequest, res, next) => {
    const operationId = req.openapi?.schema?.operationId;
    const handler = operationId === undefined ? undefined : byOperationId.get(operationId);
    if (!handler) return next();
    void run(handler, publicIds.has(operationId!), req.openapi!.pathParams, req, res, next);
  };
}
