import type { RequestHandler } from 'express';
import type { UsageMeter } from '../../domain/usage/usage-meter.ts';

/**
 * Counts every request the authorizer admitted as one `cma` request (the management and user-management APIs):
 * in its space (the grant carries the space's organization, read cached), or on its organization's own paths. What
 * has no single organization is not counted: the actor's own account (`/users/me`, tokens, the organization and
 * space lists), a new space, invitation acceptance, SCIM (an identity provider's sync, not API use). Refused
 * requests (401, 403, 404, 429) are not counted, so no stranger adds to an organization's usage; an admitted request
 * counts whatever its outcome (a 400 from validation too). Mounted right after `authorize`: once per request.
 */
export const meterUsage =
  (meter: UsageMeter): RequestHandler =>
  (req, _res, next) => {
    const grant = req.grant;
    if (grant?.scope === 'space') meter.count('cma', grant.space.organizationId, grant.space.id);
    else if (grant?.scope === 'organization' && !req.path.startsWith('/scim/'))
      meter.count('cma', grant.organizationId);
    next();
  };
