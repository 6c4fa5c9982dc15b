import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { VendorNames } from '../../config.ts';
import { AppError } from '../../errors/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { errorBody, toAppError } from '../error-body.ts';
import { writeJson } from '../write-json.ts';

const FIXED = {
  500: '{"sys":{"type":"Error","id":"ServerError"},"message":"Internal Server Error"',
  404: '{"sys":{"type":"Error","id":"NotFound"},"message":"The resource could not be found."',
} as const;

/** A fixed 500 or 404 body, nothing from the error, and the request id when there is one. */
const fixedBody = (status: 500 | 404, requestId: unknown) =>
  `${FIXED[status]}${typeof requestId === 'string' ? `,"requestId":${JSON.stringify(requestId)}` : ''}}`;

/** Answers a fixed body (or just ends a response already under way); it never throws. */
function answerFixed(res: ServerResponse, status: 500 | 404, requestId: unknown, mediaType: string): void {
  try {
    if (res.headersSent) res.end();
    else writeJson(res, status, mediaType, fixedBody(status, requestId));
  } catch {
    res.destroy();
  }
}

/**
 * Answers every failure with the REST error body; unknown failures are logged and masked as a 500. If describing
 * the failure fails in turn (a body that cannot be serialized, a logger that throws), the answer is the fixed
 * generic 500 body: nothing after this handler (Express's final handler, an HTML page) ever answers.
 */
export function errorHandler(logger: Logger, vendor: VendorNames): ErrorRequestHandler {
  return (err, req, res, _next) => {
    try {
      const appError = toAppError(err);
      if (appError.id === 'ServerError')
        logger.error({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
      const { status, body } = errorBody(appError, req.id);
      if (res.headersSent) {
        res.end();
        return;
      }
      body.message = String(body.message).replaceAll('X-Service-', `${vendor.headerPrefix}-`);
      writeJson(res, status, vendor.mgmtMediaType, JSON.stringify(body));
    } catch (failure) {
      try {
        logger.error({ err: failure, requestId: req.id }, 'the error handler failed');
      } catch {
        /* nothing left to tell */
      }
      answerFixed(res, 500, req.id, vendor.mgmtMediaType);
    }
  };
}

/** The last layer before the error handler: a request no layer answered is a 404 in the REST error format. */
export const notFoundLayer: RequestHandler = (_req, _res, next) => {
  next(new AppError('NotFound', 'The resource could not be found.', { type: 'Route' }));
};

/**
 * Replaces Express's final handler (an HTML page, with the stack outside production): a failure that reaches it
 * gets the fixed JSON 500, a request nothing answered the fixed JSON 404.
 */
export function lastResort(vendor: VendorNames): (error: unknown, req: IncomingMessage, res: ServerResponse) => void {
  return (error, req, res) => answerFixed(res, error ? 500 : 404, (req as { id?: unknown }).id, vendor.mgmtMediaType);
}
