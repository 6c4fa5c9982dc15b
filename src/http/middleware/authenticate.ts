import type { RequestHandler } from 'express';
import { bearerToken } from '../../lib/bearer-token.ts';
import type { Actor } from '../../domain/index.ts';
import type { IdentityService } from '../../domain/identity/identity-service.ts';

declare module 'express-serve-static-core' {
  interface Request {
    actor?: Actor;
  }
}

/**
 * Resolves the personal access token to its actor; a missing, unknown, revoked or expired token is 401. What the
 * actor may do (a read-only token never writes) is the authorizer's question (`authorize.ts`).
 */
export const authenticate =
  (identity: IdentityService): RequestHandler =>
  async (req, _res, next) => {
    try {
      req.actor = await identity.authenticate(bearerToken(req.headers.authorization, req.query));
      next();
    } catch (error) {
      next(error);
    }
  };
