import express from 'express';
import { API_DOCUMENTS, documentText } from "./openapi-documents.js";
import { apiReference, docsIndex, isApiName } from "./api-reference.js";
import { AppError } from "../errors/index.js";
/**
 * Routes that need no token: the OpenAPI documents (vendor-named as configured), the API reference and a health check.
 * `/openapi/{api}.{json|yaml}` is OpenAPI 3.1; `/openapi/3.0/{api}.{json|yaml}` is the 3.0 rendering.
 */
export function publicRoutes(config) {
    const router = express.Router();
    const cache = new Map();
    const send = (api, version, format) => (_req, res) => {
        const key = `${api}/${version}/${format}`;
        if (!cache.has(key))
            cache.set(key, documentText(api, version, format, config.vendor));
        res.type(format === 'json' ? 'application/json' : 'application/yaml').send(cache.get(key));
    };
    for (const api of Object.keys(API_DOCUMENTS)) {
        for (const format of ['json', 'yaml']) {
            router.get(`/openapi/${api}.${format}`, send(api, '3.1', format));
            router.get(`/openapi/3.1/${api}.${format}`, send(api, '3.1', format));
            router.get(`/openapi/3.0/${api}.${format}`, send(api, '3.0', format));
        }
    }
    router.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
    // The API reference (Redoc), built offline on first request: /docs/ links /docs/{api}.html for each API.
    const reference = apiReference(config.vendor);
    router.get('/docs', (req, res) => {
        if (!req.path.endsWith('/'))
            return res.redirect(301, '/docs/');
        res.type('html').send(docsIndex());
    });
    router.get('/docs/:page', (req, res, next) => {
        const api = /^(.+)\.html$/.exec(req.params.page)?.[1];
        if (!api || !isApiName(api))
            return next(new AppError('NotFound', 'No such page of the API reference.', { type: 'Page', id: req.params.page }));
        reference.page(api).then((html) => { res.type('html').send(html); }, next);
    });
    return router;
}
