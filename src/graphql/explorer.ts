import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import type { VendorNames } from '../config.ts';
import type { ContentReader } from '../domain/delivery/index.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import { asRequestError, GraphqlRequestError, wireError } from './errors.ts';

const DEFAULT_QUERY = `# Queries run against this space environment with the access token of this page's URL.
# Open the docs (book icon) to browse the types generated from the content model.
{
  __typename
}
`;

/**
 * Sends the page's `access_token` as `Authorization: Bearer` on the page's own GraphQL requests, so the token
 * never has to be typed into the headers editor. The endpoint is the explorer's URL without `/explore`.
 */
const TOKEN_SCRIPT = `<script>(() => {
  const token = new URLSearchParams(location.search).get('access_token');
  const endpoint = location.pathname.replace(/\\/explore\\/?$/, '');
  const send = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (token && url.origin === location.origin && url.pathname.replace(/\\/$/, '') === endpoint) {
      const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set('Authorization', 'Bearer ' + token);
      init = { ...init, headers };
    }
    return send(input, init);
  };
})();</script>`;

let page: Promise<{ html: string; gzipped: Buffer }> | undefined;

/**
 * The explorer page, rendered once per process (about 9 MB, 2.4 MB gzipped; GraphiQL, React and Monaco inlined,
 * nothing loaded from elsewhere). The endpoint is relative (`.` of `/…/explore` is the GraphQL endpoint of the
 * same space environment), so one page serves every space.
 */
function explorerPage() {
  // One promise: concurrent first requests share the render, and the 9 MB are compressed off the event loop.
  page ??= (async () => {
    // Loaded on the first page request: the module inlines the whole IDE and costs ~70 MB of memory once imported.
    // A specifier TypeScript does not resolve: the package's typings pull in the DOM library, which would change
    // the global types (e.g. fetch bodies) of the whole project.
    const moduleName: string = '@graphql-yoga/render-graphiql';
    const { renderGraphiQL } = (await import(moduleName)) as {
      renderGraphiQL: (options: Record<string, unknown>) => string;
    };
    const rendered = renderGraphiQL({
      title: 'GraphQL explorer',
      endpoint: '.',
      defaultQuery: DEFAULT_QUERY,
    } as Parameters<typeof renderGraphiQL>[0]);
    const html = rendered.replace('<head>', `<head>\n${TOKEN_SCRIPT}`);
    return { html, gzipped: await promisify(gzip)(html) };
  })();
  return page;
}

/**
 * `GET /content/v1/spaces/{space}[/environments/{environment}]/explore?access_token=<token>`: an in-browser IDE bound
 * to that endpoint. The token is checked first with the endpoint's own rules, so a missing or refused token gets the
 * GraphQL error (401 ACCESS_TOKEN_MISSING / ACCESS_TOKEN_INVALID, 400 UNKNOWN_SPACE / UNKNOWN_ENVIRONMENT) in the
 * GraphQL error format instead of a page that cannot run anything.
 */
export function graphqlExplorer(reader: Pick<ContentReader, 'authorize'>, vendor: VendorNames): Router {
  const router = express.Router();
  async function handle(req: Request, res: Response) {
    try {
      const token = bearerToken(req.get('authorization'), req.query);
      await reader.authorize(
        token,
        String(req.params.space),
        req.params.environment ? String(req.params.environment) : 'master',
      );
    } catch (thrown) {
      const e = asRequestError(thrown);
      if (!(e instanceof GraphqlRequestError)) throw e;
      res
        .status(e.status)
        .type('application/json')
        .send(JSON.stringify({ errors: [wireError(vendor.token, req.id, { message: e.message }, e.code, e.details)] }));
      return;
    }
    const { html, gzipped } = await explorerPage();
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.type('html');
    if (req.acceptsEncodings('gzip')) res.setHeader('Content-Encoding', 'gzip').send(gzipped);
    else res.send(html);
  }
  for (const path of [
    '/content/v1/spaces/:space/explore',
    '/content/v1/spaces/:space/environments/:environment/explore',
  ]) {
    router.get(path, (req, res, next) => {
      handle(req, res).catch(next);
    });
  }
  return router;
}
