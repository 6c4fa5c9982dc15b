import type { ErrorRequestHandler } from 'express';
import SCIMMY from 'scimmy';
import { ERRORS, SCIM_ERRORS, ScimError } from '../../errors/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { toAppError } from '../error-body.ts';
import { writeJson } from '../write-json.ts';

export const SCIM_PATH_PREFIX = '/scim/v2/';

/** SCIM has no 422: a body that breaks a rule is RFC 7644's 400 `invalidValue`. */
const scimStatus = (status: number) => (status === 422 ? 400 : status);

/** The status, scimType and detail of any failure: SCIM-only errors, catalogue errors through their `scimType`. */
function describe(err: unknown): { status: number; scimType: string | null; detail: string; unexpected: boolean } {
  if (err instanceof ScimError)
    return { status: err.status, scimType: SCIM_ERRORS[err.type].scimType, detail: err.message, unexpected: false };
  // RFC 7644 §3.12 has no 415: an unsupported request media type is a 400 invalidSyntax.
  if ((err as { status?: number } | null)?.status === 415) {
    return {
      status: 400,
      scimType: SCIM_ERRORS.invalidSyntax.scimType,
      detail: 'Send the request body as application/scim+json (or application/json).',
      unexpected: false,
    };
  }
  const appError = toAppError(err);
  const spec = ERRORS[appError.id];
  return {
    status: scimStatus(spec.status),
    scimType: spec.scimType,
    detail: appError.message,
    unexpected: appError.id === 'ServerError',
  };
}

/** scimmy's Error message; statuses outside RFC 7644's list (429) get the same body built here. */
function errorMessage(status: number, scimType: string | null, detail: string): object {
  try {
    return new SCIMMY.Messages.Error({
      status: status as never,
      ...(scimType ? { scimType: scimType as never } : {}),
      detail,
    });
  } catch {
    return { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), detail };
  }
}

/**
 * Answers failures of requests under `/scim/v2/` with the RFC 7644 §3.12 error body (`application/scim+json`), mapped
 * from the error catalogue; any other request goes on to the REST error handler.
 */
export function scimErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (!req.path.startsWith(SCIM_PATH_PREFIX)) return next(err);
    if (res.headersSent) {
      res.end();
      return;
    }
    try {
      const { status, scimType, detail, unexpected } = describe(err);
      if (unexpected)
        logger.error({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
      const body = errorMessage(status, scimType, detail);
      writeJson(res, status, 'application/scim+json', JSON.stringify(body));
    } catch (failure) {
      next(failure);
    }
  };
}
