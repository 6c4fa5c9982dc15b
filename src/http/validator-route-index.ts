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
type ApplyOpenApiMetadata = ((context: OpenApiContext, responseApiDoc?: { paths: Paths }) => Middleware) & {
  [UPSTREAM]?: ApplyOpenApiMetadata;
};

/** On the replacement: upstream's `applyOpenApiMetadata` (the equivalence test compares the two). */
export const UPSTREAM = Symbol.for('tessera.upstreamApplyOpenApiMetadata');
/** Segments whose path-to-regexp 8 pattern is the text itself, or one whole-segment parameter (`[^/]+`). */
const LITERAL = /^[A-Za-z0-9._~-]+$/;
const PARAM = /^:[A-Za-z_$][A-Za-z0-9_$]*$/;

interface IndexedRoute {
  expressRoute: string;
  openApiRoute: string;
  pathKey: string;
  /** Its place in the validator's scan order. */
  order: number;
  /** Its segments, each the text or null for a parameter; null when a segment has another form (always a candidate). */
  segments: Array<string | null> | null;
  matchers: Map<string, Matcher>;
}

/** A trie of the regular routes by segment: literal children by text, one child for a parameter at that place. */
interface SegmentNode {
  literals: Map<string, SegmentNode>;
  param?: SegmentNode;
  ending: IndexedRoute[];
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
  const pathToRegexpModule = fromValidator('path-to-regexp') as {
    pathToRegexp: (path: string, options: object) => Matcher;
  };
  const { zipObject } = fromValidator('./middlewares/util') as {
    zipObject: (keys: string[], values: string[]) => Record<string, string>;
  };
  const { httpMethods } = fromValidator('./middlewares/parsers/schema.preprocessor') as { httpMethods: Set<string> };
  const errors = fromValidator('./framework/types') as Record<
    'BadRequest' | 'NotFound' | 'MethodNotAllowed',
    new (args: object) => Error
  >;

  const applyOpenApiMetadata: ApplyOpenApiMetadata = (context, responseApiDoc) => {
    const { sensitiveTrie, insensitiveTrie, irregular } = indexRoutes(context);
    const matcher = (route: IndexedRoute, key: string, sensitive: boolean, strict: boolean) => {
      let compiled = route.matchers.get(key);
      if (!compiled)
        route.matchers.set(
          key,
          (compiled = pathToRegexpModule.pathToRegexp(route.expressRoute, { sensitive, strict })),
        );
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
      for (const route of candidates(sensitive ? sensitiveTrie : insensitiveTrie, compared, irregular)) {
        const { regexp, keys } = matcher(route, options, sensitive, strict);
        const found = regexp.exec(path);
        if (!found) continue;
        const schema = context.apiDoc.paths[route.pathKey][method];
        const _responseSchema = responseApiDoc?.paths[route.pathKey][method];
        try {
          const pathParams = zipObject(
            keys.map((k) => k.name),
            found.slice(1).map(decodeURIComponent),
          );
          return {
            schema,
            expressRoute: route.expressRoute,
            openApiRoute: route.openApiRoute,
            pathParams,
            serial: -1,
            _responseSchema,
          };
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
            headers: {
              Allow: Object.keys(context.openApiRouteMap[openApiRoute])
                .filter((key) => httpMethods.has(key.toLowerCase()))
                .join(', '),
            },
          });
        }
        const openapi: Record<string, unknown> = {
          expressRoute,
          openApiRoute,
          pathParams,
          schema,
          serial: context.serial,
        };
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

/**
 * The routes in the validator's scan order: the regular ones in two tries (literal segments as written, and lower
 * case for case-insensitive routing), the irregular ones apart.
 */
function indexRoutes(context: OpenApiContext) {
  const routes: IndexedRoute[] = Object.entries(context.expressRouteMap).map(([expressRoute, methods], order) => {
    const openApiRoute = context.routePair(expressRoute).openApiRoute;
    const parts = expressRoute.split('/');
    const regular = parts[0] === '' && parts.slice(1).every((s) => LITERAL.test(s) || PARAM.test(s));
    return {
      expressRoute,
      openApiRoute,
      pathKey: openApiRoute.substring(methods.basePath.length),
      order,
      segments: regular ? parts.map((s) => (PARAM.test(s) ? null : s)) : null,
      matchers: new Map(),
    };
  });
  const trie = (fold: (text: string) => string) => {
    const root: SegmentNode = { literals: new Map(), ending: [] };
    for (const route of routes) {
      if (!route.segments) continue;
      let node = root;
      for (const segment of route.segments) {
        if (segment === null) node = node.param ??= { literals: new Map(), ending: [] };
        else {
          const text = fold(segment);
          let next = node.literals.get(text);
          if (!next) node.literals.set(text, (next = { literals: new Map(), ending: [] }));
          node = next;
        }
      }
      node.ending.push(route);
    }
    return root;
  };
  return {
    sensitiveTrie: trie((s) => s),
    insensitiveTrie: trie((s) => s.toLowerCase()),
    irregular: routes.filter((r) => !r.segments),
  };
}

/**
 * The routes that can match a path of these segments (already lower case for case-insensitive routing), in scan
 * order: the regular routes with its number of segments whose literal segments equal the path's, and every irregular
 * route. Each is then confirmed by its matcher.
 */
function candidates(root: SegmentNode, segments: string[], irregular: IndexedRoute[]): IndexedRoute[] {
  const found: IndexedRoute[] = [...irregular];
  const walk = (node: SegmentNode, at: number): void => {
    if (at === segments.length) {
      found.push(...node.ending);
      return;
    }
    const literal = node.literals.get(segments[at]);
    if (literal) walk(literal, at + 1);
    if (node.param) walk(node.param, at + 1);
  };
  walk(root, 0);
  return found.length > 1 ? found.sort((a, b) => a.order - b.order) : found;
}
