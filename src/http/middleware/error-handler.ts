import type { ErrorRequestHandler } from 'express';
import type { VendorNames } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import { errorBody, toAppError } from '../error-body.ts';
import { writeJson } from '../write-json.ts';

/** Answers every failure with the REST error body; unknown failures are logged and masked as a 500. */
export function errorHandler(logger: Logger, vendor: VendorNames): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const appError = toAppError(err);
    if (appError.id === 'ServerError') logger.error({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
    const { status, body } = errorBody(appError, req.id);
    if (res.headersSent) { res.end(); return; }
    body.message = String(body.message).replaceAll('X-Service-', `${vendor.headerPrefix}-`);
    writeJson(res, status, vendor.mgmtMediaType, JSON.stringify(body));
  };
}
