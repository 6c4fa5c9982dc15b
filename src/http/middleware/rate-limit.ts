import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { VendorNames } from '../../config.ts';
import { AppError } from '../../errors/index.ts';
import type { RateLimiter } from '../../rate-limit/index.ts';
import { actorKey } from '../../domain/shared/actor.ts';

/** A request handler and its error-path twin: together they see every request that reaches them. */
export type RateLimitMiddleware = [RequestHandler, ErrorRequestHandler] | RequestHandler;

export interface RateLimitDependencies {
  limiter: RateLimiter | undefined;
  /** The organization a space belongs to (undefined when there is no such space). */
  organizationOf: (spaceId: string) => Promise<string | undefined>;
  vendor: VendorNames;
}

const SPACE_PATH = /^\/spaces\/([a-zA-Z0-9\-_.]{1,64})(?:\/|$)/;

/**
 * The bucket a request is charged to: the organization of the space in the path (all its spaces and
 * environments share it), else the authenticated user, else the client address. Requests that failed
 * authentication are charged to the address even on a space path, so strangers cannot drain an
 * organization's budget.
 */
async function bucketOf(req: Request, organizationOf: RateLimitDependencies['organizationOf']): Promise<string> {
  if (!req.actor) return `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
  const spaceId = SPACE_PATH.exec(req.path)?.[1];
  const organizationId = spaceId ? await organizationOf(spaceId).catch(() => undefined) : undefined;
  return organizationId ? `org:${organizationId}` : actorKey(req.actor);
}

/**
 * Sets `X-<Vendor>-RateLimit-Second-Limit`, `-Second-Remaining` and `-Reset` and refuses requests over the
 * budget with 429 `RateLimitExceeded`. Mounted right after authentication; the error twin charges requests
 * that failed before reaching it (401s, malformed JSON) so their responses carry the headers too.
 * With limiting off it is a pass-through and no headers are sent.
 */
export function rateLimit({ limiter, organizationOf, vendor }: RateLimitDependencies): RateLimitMiddleware {
  if (!limiter) return (_req, _res, next) => next();
  const names = {
    limit: `${vendor.headerPrefix}-RateLimit-Second-Limit`,
    remaining: `${vendor.headerPrefix}-RateLimit-Second-Remaining`,
    reset: `${vendor.headerPrefix}-RateLimit-Reset`,
  };
  const charge = async (req: Request, res: Response): Promise<boolean> => {
    const decision = await limiter.consume(await bucketOf(req, organizationOf));
    res.setHeader(names.limit, String(decision.limit));
    res.setHeader(names.remaining, String(decision.remaining));
    res.setHeader(names.reset, String(decision.resetSeconds));
    return decision.allowed;
  };
  const exceeded = () => new AppError('RateLimitExceeded');

  const onRequest: RequestHandler = (req, res, next) => {
    charge(req, res).then((allowed) => next(allowed ? undefined : exceeded()), next);
  };
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    charge(req, res).then(
      (allowed) => next(allowed ? error : exceeded()),
      () => next(error),
    );
  };
  return [onRequest, onError];
}
