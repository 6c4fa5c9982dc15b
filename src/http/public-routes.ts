import express, { type RequestHandler } from 'express';
import type { Config } from '../config.ts';
import { API_DOCUMENTS, documentText, type ApiName, type OpenApiVersion } from './openapi-documents.ts';
import { apiReference, docsIndex, isApiName } from './api-reference.ts';
import { AppError } from '../errors/index.ts';
import { firstSegment, gateByFirstSegment, type GatedHandler } from './path-gate.ts';

/**
 * Routes that need no token: the OpenAPI documents (vendor-named as configured), the API reference and a health check.
 * `/openapi/{api}.{json|yaml}` is OpenAPI 3.1; `/openapi/3.0/{api}.{json|yaml}` is the 3.0 rendering.
 */
export function publicRoutes(config: Config): GatedHandler {
  const router = express.Router();
  const paths: string[] = [];
  const get = (path: string, handler: express.RequestHandler<Record<string, string>>) => {
    paths.push(path);
    router.get(path, handler);
  };
  const cache = new Map<string, string>();
  const send =
    (api: ApiName, version: OpenApiVersion, format: 'json' | 'yaml') =>
    (_req: express.Request, res: express.Response) => {
      const key = `${api}/${version}/${format}`;
      if (!cache.has(key)) cache.set(key, documentText(api, version, format, config.vendor));
      res.type(format === 'json' ? 'application/json' : 'application/yaml').send(cache.get(key));
    };
  for (const api of Object.keys(API_DOCUMENTS) as ApiName[]) {
    for (const format of ['json', 'yaml'] as const) {
      get(`/openapi/${api}.${format}`, send(api, '3.1', format));
      get(`/openapi/3.1/${api}.${format}`, send(api, '3.1', format));
      get(`/openapi/3.0/${api}.${format}`, send(api, '3.0', format));
    }
  }
  get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // The API reference (Redoc), built offline on first request: /docs/ links /docs/{api}.html for each API.
  const reference = apiReference(config.vendor);
  get('/docs', (req, res) => {
    if (!req.path.endsWith('/')) return res.redirect(301, '/docs/');
    res.type('html').send(docsIndex());
  });
  get('/docs/:page', (req, res, next) => {
    const api = /^(.+)\.html$/.exec(req.params.page)?.[1];
    if (!api || !isApiName(api))
      return next(
        new AppError('NotFound', 'No such page of the API reference.', { type: 'Page', id: req.params.page }),
      );
    reference.page(api).then((html) => {
      res.type('html').send(html);
    }, next);
  });
  return gateByFirstSegment(paths.map(firstSegment), router);
}
