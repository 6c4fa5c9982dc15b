import { createRequire } from 'node:module';

type Matcher = { regexp: RegExp; keys: Array<{ name: string }> };
type RouteMethods = { basePath: string; _openApiRoute: string } & Record<string, unknown>;
type Paths = Record<string, Record<string, unknown>>;
/** The parts of express-openapi-validator's OpenApiContext the route lookup reads. */
interface OpenApiContext {
  expressRouteMap: Record<string, RouteMethods>;
  openApiRouteMap: Record<string, Record<string, unknown>>;
  apiDoc: { paths: Paths };
  useRequestUrl: boolean;
  ignoreUndocumented: boolean;
  serial: number;
  shouldIgnoreRoute(path: string): boolean;
  isManagedRoute(path: string): boolean;
  routePair(route: string): { openApiRoute: string };
}
/** The parts of an Express request the middleware reads and writes. */
interface ValidatedRequest {
  url: string;
  originalUrl: string;
  path: string;
  baseUrl: string;
  method: string;
  app: { enabled(setting: string): boolean };
  params: Record<string, string>;
  openapi?: Record<string, unknown>;
}
type Middleware = (req: ValidatedRequest, res: unknown, next: (error?: unknown) => void) => void;
type ApplyOpenApiMetadata = ((context: OpenApiContext, responseApiDoc?: { paths: Paths }) => Middleware) & { [UPSTREAM]?: ApplyOpenApiMetadata };

/** On the replacement: upstream's `applyOpenApiMetadata` (the equivalence test compares the two). */
export const UPSTREAM = Symbol.for('tessera.upstreamApplyOpenApiMetadata');
/** Segments whose path-to-regexp 8 pattern is the text itself, or one whole-segment parameter (`[^/]+`). */
const LITERAL = /^[A-Za-z0-9._~-]+$/;
const PARAM = /^:[A-Za-z_$][A-Za-z0-9_$]*$/;

interface IndexedRoute {
  expressRoute: string;
  openApiRoute: string;
  pathKey: string;
  /** [segment position, text]; null when the route has a segment of another form (then always a candidate). */
  literals: Array<[number, string]> | null;
  lowered: Array<[number, string]> | null;
  matchers: Map<string, Matcher>;
}

/**
 * express-openapi-validator 5.6 finds a request's operation (`lookupRoute` in its openapi.metadata.js) by scanning
 * every route of the document on every request, in its order, and taking the first whose regular expression matches
 * the path (a path match with another method is a 405). Upstream's fix (cdimascio/express-openapi-validator#1217)
 * only caches the compiled matchers; the scan stays. This replaces the module's `applyOpenApiMetadata` (read by the
 * validator when it builds the middleware) with the same middleware whose lookup only tries the routes that can
 * match: those with the path's number of segments and its literal segments (compared as the case-insensitive or
 * sensitive matcher would), in the validator's order, each confirmed by the validator's own path-to-regexp matcher.
 * Everything else (errors, req.openapi, req.params) is upstream's code path, with upstream's error classes.
 */
export function indexValidatorRouteLookup(): void {
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const metadata = fromValidator('./middlewares/openapi.metadata') as { applyOpenApiMetadata: ApplyOpenApiMetadata };
  if (metadata.applyOpenApiMetadata[UPSTREAM]) return;
  const pathToRegexpModule = fromValidator('path-to-regexp') as { pathToRegexp: (path: string, options: object) => Matcher };
  const { zipObject } = fromValidator('./middlewares/util') as { zipObject: (keys: string[], values: string[]) => Record<string, string> };
  const { httpMethods } = fromValidator('./middlewares/parsers/schema.preprocessor') as { httpMethods: Set<string> };
  const errors = fromValidator('./framework/types') as Record<'BadRequest' | 'NotFound' | 'MethodNotAllowed', new (args: object) => Error>;

  const applyOpenApiMetadata: ApplyOpenApiMetadata = (context, responseApiDoc) => {
    const { bySegmentCount, irregular } = indexRoutes(context);
    const matcher = (route: IndexedRoute, key: string, sensitive: boolean, strict: boolean) => {
      let compiled = route.matchers.get(key);
      if (!compiled) route.matchers.set(key, (compiled = pathToRegexpModule.pathToRegexp(route.expressRoute, { sensitive, strict })));
      return compiled;
    };

    const lookupRoute = (req: ValidatedRequest) => {
      const path = context.useRequestUrl ? req.url.split('?')[0] : req.originalUrl.split('?')[0];
      const method: string = req.method.toLowerCase();
      const strict = !!req.app.enabled('strict routing');
      const sensitive = !!req.app.enabled('case sensitive routing');
      const segments = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
      const compared = sensitive ? segments : segments.map((s) => s.toLowerCase());
      const options = `${sensitive}|${strict}`;
      for (const route of bySegmentCount.get(segments.length) ?? irregular) {
        const literals = sensitive ? route.literals : route.lowered;
        if (literals && !literals.every(([at, text]) => compared[at] === text)) continue;
        const { regexp, keys } = matcher(route, options, sensitive, strict);
        const found = regexp.exec(path);
        if (!found) continue;
        const schema = context.apiDoc.paths[route.pathKey][method];
        const _responseSchema = responseApiDoc?.paths[route.pathKey][method];
        try {
          const pathParams = zipObject(keys.map((k) => k.name), found.slice(1).map(decodeURIComponent));
          return { schema, expressRoute: route.expressRoute, openApiRoute: route.openApiRoute, pathParams, serial: -1, _responseSchema };
        } catch {
          throw new errors.BadRequest({ path: req.path, message: `malformed uri'` });
        }
      }
      return null;
    };

    // Upstream's middleware, line for line, around the indexed lookup.
    return (req, _res, next) => {
      const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
      if (context.shouldIgnoreRoute(path)) return next();
      const matched = lookupRoute(req);
      if (matched) {
        const { expressRoute, openApiRoute, pathParams, schema } = matched;
        if (!schema) {
          if (context.ignoreUndocumented) return next();
          throw new errors.MethodNotAllowed({
            path: req.path,
            message: `${req.method} method not allowed`,
            headers: { Allow: Object.keys(context.openApiRouteMap[openApiRoute]).filter((key) => httpMethods.has(key.toLowerCase())).join(', ') },
          });
        }
        const openapi: Record<string, unknown> = { expressRoute, openApiRoute, pathParams, schema, serial: context.serial };
        req.openapi = openapi;
        req.params = pathParams;
        if (responseApiDoc) openapi._responseSchema = matched._responseSchema;
      } else if (context.isManagedRoute(path) && !context.ignoreUndocumented) {
        throw new errors.NotFound({ path: req.path, message: 'not found' });
      }
      next();
    };
  };
  metadata.applyOpenApiMetadata = Object.assign(applyOpenApiMetadata, { [UPSTREAM]: metadata.applyOpenApiMetadata });
}

/** The routes in the validator's scan order, grouped by segment count; routes of irregular form sit in every group. */
function indexRoutes(context: OpenApiContext) {
  const routes: IndexedRoute[] = Object.entries(context.expressRouteMap).map(([expressRoute, methods]) => {
    const openApiRoute = context.routePair(expressRoute).openApiRoute;
    const segments = expressRoute.split('/');
    const regular = segments[0] === '' && segments.slice(1).every((s) => LITERAL.test(s) || PARAM.test(s));
    const literals = regular ? segments.flatMap((s, at): Array<[number, string]> => (PARAM.test(s) ? [] : [[at, s]])) : null;
    return {
      expressRoute,
      openApiRoute,
      pathKey: openApiRoute.substring(methods.basePath.length),
      literals,
      lowered: literals?.map(([at, s]): [number, string] => [at, s.toLowerCase()]) ?? null,
      matchers: new Map(),
    };
  });
  const irregular = routes.filter((r) => !r.literals);
  const bySegmentCount = new Map<number, IndexedRoute[]>();
  for (const count of new Set(routes.filter((r) => r.literals).map((r) => r.expressRoute.split('/').length))) {
    bySegmentCount.set(count, routes.filter((r) => !r.literals || r.expressRoute.split('/').length === count));
  }
  return { bySegmentCount, irregular };
}
