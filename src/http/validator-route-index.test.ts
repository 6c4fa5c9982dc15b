import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { vendorNames } from '../config.ts';
import { loadDocument, mergeDocuments, ROUTED_APIS, type OpenApiDocument } from './openapi-documents.ts';
import { indexValidatorRouteLookup, UPSTREAM } from './validator-route-index.ts';

const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const { OpenApiSpecLoader } = fromValidator('./framework/openapi.spec.loader');
const { OpenApiContext } = fromValidator('./framework/openapi.context');
const metadata = fromValidator('./middlewares/openapi.metadata');
const pathToRegexpModule = fromValidator('path-to-regexp');

type Apply = (
  context: unknown,
  responseApiDoc?: unknown,
) => (req: object, res: object, next: (e?: unknown) => void) => void;
type Context = { apiDoc: unknown };
indexValidatorRouteLookup();
const indexed: Apply = metadata.applyOpenApiMetadata;
const upstream: Apply = indexed[UPSTREAM as never];

/** The context the validator builds for a document (routes sorted, express paths), as its middleware does. */
async function contextOf(doc: OpenApiDocument) {
  const spec = await new OpenApiSpecLoader({
    apiDoc: doc,
    validateApiSpec: false,
    $refParser: { mode: 'dereference' },
  }).load();
  return new OpenApiContext(spec, undefined, false, false);
}

/** What the metadata middleware did to a request: what it set, or what it threw or passed on. */
const built = new WeakMap<Apply, WeakMap<Context, ReturnType<Apply>>>();
/** The middleware the validator would build (once) with this lookup for this context. */
function middleware(apply: Apply, context: Context) {
  if (!built.has(apply)) built.set(apply, new WeakMap());
  const byContext = built.get(apply)!;
  if (!byContext.has(context)) byContext.set(context, apply(context, context.apiDoc));
  return byContext.get(context)!;
}

function run(apply: Apply, context: Context, method: string, url: string, settings: Record<string, boolean> = {}) {
  const req = {
    method,
    url,
    originalUrl: url,
    baseUrl: '',
    path: url.split('?')[0],
    app: { enabled: (name: string) => settings[name] ?? false },
    params: {} as Record<string, string>,
    openapi: undefined as Record<string, unknown> | undefined,
  };
  let outcome: unknown;
  try {
    middleware(apply, context)(req, {}, (error) => {
      outcome = { next: error ?? null };
    });
  } catch (error) {
    outcome = { thrown: error?.constructor.name, ...(error as object) };
  }
  const { schema, _responseSchema, ...openapi } = req.openapi ?? {};
  return { outcome, openapi: req.openapi && openapi, params: req.params, schemas: [schema, _responseSchema] };
}

function expectSameAsUpstream(context: Context, requests: Array<[string, string]>, settings?: Record<string, boolean>) {
  // Upstream compiles every route's matcher per request: share compiled ones (a pure function of its arguments).
  const original = pathToRegexpModule.pathToRegexp;
  const compiled = new Map<string, unknown>();
  pathToRegexpModule.pathToRegexp = (path: string, options: object) => {
    const key = `${path} ${JSON.stringify(options)}`;
    if (!compiled.has(key)) compiled.set(key, original(path, options));
    return compiled.get(key);
  };
  try {
    for (const [method, url] of requests) {
      const ours = run(indexed, context, method, url, settings);
      const theirs = run(upstream, context, method, url, settings);
      expect(ours, `${method} ${url}`).toEqual(theirs);
      expect(ours.schemas[0], `${method} ${url}`).toBe(theirs.schemas[0]);
      expect(ours.schemas[1], `${method} ${url}`).toBe(theirs.schemas[1]);
    }
  } finally {
    pathToRegexpModule.pathToRegexp = original;
  }
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
/** Each route's path with sample parameter values, in the forms a client may send. */
const variants = (openApiRoute: string) => {
  let n = 0;
  const sample = (value: () => string) => openApiRoute.replace(/\{[^}]+\}/g, value);
  const plain = sample(() => `p${++n}`);
  return [
    plain,
    `${plain}/`,
    plain.toUpperCase(),
    `${plain}?limit=1&skip=2`,
    sample(() => 'a%20b%2Fc'),
    sample(() => '%E0%A4%A'),
    `${plain}//`,
    `/x${plain}`,
  ];
};
const ELSEWHERE = [
  '/',
  '',
  '/nope',
  '//spaces',
  '/spaces',
  '/spaces/s1/unknown',
  'http://host/spaces/s1',
  '*',
  '/spaces/s1/environments/master/entries/e1/published/extra',
];

describe('indexValidatorRouteLookup', () => {
  it('gives every operation of the routed documents the same req.openapi, params and errors as the upstream scan', async () => {
    const context = await contextOf(
      mergeDocuments(ROUTED_APIS.map((api) => loadDocument(api, '3.1', vendorNames('service')))),
    );
    const routes = [...new Set<string>(context.routes.map((r: { openApiRoute: string }) => r.openApiRoute))];
    expect(routes.length).toBeGreaterThan(50);
    const requests = [...routes.flatMap(variants), ...ELSEWHERE].flatMap((url) =>
      METHODS.map((m): [string, string] => [m, url]),
    );
    expectSameAsUpstream(context, requests);
    expectSameAsUpstream(context, requests, { 'case sensitive routing': true, 'strict routing': true });
    // The lookups matched operations, answered 405s and 404s (not all one outcome).
    const outcomes = requests.map(([m, url]) => run(indexed, context, m, url));
    expect(outcomes.filter((o) => o.openapi).length).toBeGreaterThan(routes.length);
    expect(outcomes.some((o) => (o.outcome as { thrown?: string }).thrown === 'MethodNotAllowed')).toBe(true);
    expect(outcomes.some((o) => (o.outcome as { thrown?: string }).thrown === 'NotFound')).toBe(true);
    expect(outcomes.some((o) => (o.outcome as { thrown?: string }).thrown === 'BadRequest')).toBe(true);
  });

  it('keeps the scan order where routes overlap, and matches routes of other forms as upstream does', async () => {
    const op = (operationId: string) => ({ operationId, responses: { 200: { description: 'ok' } } });
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/things/{id}': { get: op('getThing'), delete: op('deleteThing') },
        '/things/special': { put: op('putSpecial') },
        '/Things/{id}/Parts': { get: op('getParts') },
        '/files/{name}.{ext}': { get: op('getFile') },
        '/files/{name}': { get: op('getFileByName') },
        '/': { get: op('root') },
      },
    };
    for (const path of Object.keys(doc.paths)) {
      for (const item of Object.values(doc.paths[path as keyof typeof doc.paths])) {
        const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
          name: m[1],
          in: 'path',
          required: true,
          schema: { type: 'string' },
        }));
        Object.assign(item, { parameters: params });
      }
    }
    const context = await contextOf(doc as unknown as OpenApiDocument);
    const urls = [
      '/things/special',
      '/THINGS/Special/',
      '/things/x',
      '/things/x/parts',
      '/things/x/Parts',
      '/files/a.json',
      '/files/a',
      '/files/.json',
      '/',
      '/files',
    ];
    const requests = urls.flatMap((url) => METHODS.map((m): [string, string] => [m, url]));
    expectSameAsUpstream(context, requests);
    expectSameAsUpstream(context, requests, { 'case sensitive routing': true });
    // A path the first route in scan order matches with another method is a 405, even where a later route has it.
    expect(run(indexed, context, 'GET', '/things/special').outcome).toMatchObject({ thrown: 'MethodNotAllowed' });
    expect(run(indexed, context, 'GET', '/files/a.json').openapi).toMatchObject({
      openApiRoute: '/files/{name}.{ext}',
      pathParams: { name: 'a', ext: 'json' },
    });
  });

  it('only tries the routes that can match the path, where upstream tries every route before it', async () => {
    const context = await contextOf(loadDocument('management', '3.1', vendorNames('service')));
    const last = context.routes.at(-1) as { openApiRoute: string; method: string };
    const url = last.openApiRoute.replace(/\{[^}]+\}/g, 'p');
    const compiles = (apply: Apply) => {
      const original = pathToRegexpModule.pathToRegexp;
      let count = 0;
      pathToRegexpModule.pathToRegexp = (...args: unknown[]) => {
        count++;
        return original(...args);
      };
      try {
        expect(run(apply, context, last.method, url).openapi).toMatchObject({ openApiRoute: last.openApiRoute });
      } finally {
        pathToRegexpModule.pathToRegexp = original;
      }
      return count;
    };
    expect(compiles(upstream)).toBe(Object.keys(context.expressRouteMap).length);
    expect(compiles(indexed)).toBe(1);
  });
});
