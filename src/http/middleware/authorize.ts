import type { Request, RequestHandler } from 'express';
import type { AccessGrant, Authorize } from '../../domain/access/authorizer.ts';

declare module 'express-serve-static-core' {
  interface Request {
    grant?: AccessGrant;
  }
}

/** What express-openapi-validator's metadata middleware leaves on a request whose path and method it matched. */
type MatchedRequest = Request & { openapi?: { schema?: { operationId?: string }; pathParams: Record<string, string> } };

/**
 * Asks the authorizer about the operation the validator matched, with the path's parameters, and leaves its grant
 * on the request for the dispatcher; a refusal goes to the error handler. Mounted after the validator's match and
 * before its request validation, so a caller without access learns nothing from validation errors. Requests the
 * validator did not match pass on (they answer 404 or 405).
 */
export const authorize =
  (authorizeOperation: Authorize): RequestHandler =>
  async (req: MatchedRequest, _res, next) => {
    const operationId = req.openapi?.schema?.operationId;
    if (operationId === undefined) return next();
    try {
      req.grant = await authorizeOperation(req.actor, operationId, req.openapi!.pathParams);
      next();
    } catch (error) {
      next(error);
    }
  };
