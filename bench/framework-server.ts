import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { vendorNames } from '../src/config.ts';
import { loadDocument } from '../src/http/openapi-documents.ts';

/**
 * The framework's own ceiling: Express 5 and express-openapi-validator (request validation, as in production) on the
 * management document, answering the locales route with a fixed body and doing no other work. Tessera cannot be
 * faster than this on the same stack; the bench prints it beside the bare server.
 */
const vendor = vendorNames('service');
const body = process.env.BARE_BODY ?? '{}';
const app = express();
app.set('etag', false);
app.get('/healthz', (_req, res) => {
  res.send('ok');
});
app.use(express.json({ type: ['application/json', 'application/*+json'] }));
app.use(
  OpenApiValidator.middleware({
    apiSpec: loadDocument('management', '3.1', vendor) as never,
    validateRequests: { allErrors: true },
    validateResponses: false,
    validateSecurity: false,
    $refParser: { mode: 'dereference' },
  }),
);
app.get('/spaces/:space_id/environments/:environment_id/locales', (_req, res) => {
  res.type(vendor.mgmtMediaType).send(body);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
