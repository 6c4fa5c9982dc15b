import express from 'express';
import { AppError } from "../errors/index.js";
import { parseVersion } from "./handler.js";
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Every operation of the documents, bound to its handler by operationId. A gap either way fails at start. */
export function operationsOf(docs) {
    return docs.flatMap((doc) => Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]?.operationId).map((method) => ({ method, path, operationId: item[method].operationId }))));
}
const notImplemented = (operationId) => async () => {
    throw new AppError('NotImplemented', `The operation ${operationId} is specified but not implemented yet.`);
};
export function buildRouter(docs, handlers, options) {
    const router = express.Router();
    const operations = operationsOf(docs);
    const unknown = Object.keys(handlers).filter((id) => !operations.some((o) => o.operationId === id));
    if (unknown.length)
        throw new Error(`handlers without a spec operation: ${unknown.join(', ')}`);
    const versionHeader = `${options.vendor.headerPrefix}-Version`;
    for (const op of operations) {
        // An operation specified but not built yet answers 501; routes.test.ts fails CI while any exists.
        const handler = handlers[op.operationId] ?? notImplemented(op.operationId);
        router[op.method](op.path.replace(/\{([^}]+)\}/g, ':$1'), async (req, res, next) => {
            try {
                if (!req.actor)
                    throw new AppError('AccessTokenInvalid');
                const apiRequest = {
                    params: req.params,
                    query: req.query,
                    body: req.body,
                    headers: req.headers,
                    actor: req.actor,
                    requestId: req.id,
                    vendorHeader: (suffix) => req.get(`${options.vendor.headerPrefix}-${suffix}`),
                    vendorToken: options.vendor.token,
                    version: parseVersion(req.get(versionHeader), versionHeader),
                    baseUrl: options.baseUrl(req),
                    rawQuery: req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '',
                };
                const result = await handler(apiRequest);
                for (const [name, value] of Object.entries(result.headers ?? {}))
                    res.setHeader(name, value);
                res.status(result.status);
                if (result.body === undefined)
                    res.end();
                else
                    res.type(options.vendor.mgmtMediaType).send(JSON.stringify(result.body));
            }
            catch (error) {
                next(error);
            }
        });
    }
    return router;
}
