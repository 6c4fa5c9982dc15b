import type { RequestHandler } from 'express';
import { bearerToken } from '../../lib/bearer-token.ts';
import type { Actor } from '../../domain/index.ts';
import type { IdentityService } from '../../domain/identity/identity-service.ts';
import { AppError } from '../../errors/index.ts';

declare module 'express-serve-static-core' {
  interface Request { actor?: Actor; }
}

const READ_METHODS = new Set(['GET', 'HEAD']);


/** Resolves the personal access token; read-only tokens may only read. */
export const authenticate = (identity: IdentityService): RequestHandler => async (req, _res, next) => {
  try {
    const actor = await identity.authenticate(bearerToken(req.headers.authorization, req.query));
    if (!actor.canWrite && !READ_METHODS.has(req.method)) {
      throw new AppError('AccessDenied', 'This token has the content_management_read scope only.', { reasons: ['content_management_manage scope required'] });
    }
    req.actor = actor;
    next();
  } catch (error) {
    next(error);
  }
};
