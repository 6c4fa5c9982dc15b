import type { ApiKeyGrant, Storage } from '../storage/port/index.ts';
import { storable } from './argument-guard.ts';
import { requestError } from './errors.ts';

export interface ContentAccess {
  grant: ApiKeyGrant;
  spaceId: string;
  /** The environment read (an alias's target). */
  environmentId: string;
}

/**
 * Authenticates a delivery or preview token for a space environment: missing -> ACCESS_TOKEN_MISSING, unknown ->
 * ACCESS_TOKEN_INVALID, unknown space or environment -> UNKNOWN_SPACE / UNKNOWN_ENVIRONMENT, a token of another
 * space or not granted this environment (by its id or an alias id pointing at it) -> ACCESS_TOKEN_INVALID. A token
 * or id holding NUL or an unpaired surrogate names nothing stored, so it is answered as unknown without a lookup.
 */
export async function authorizeContent(
  storage: Storage,
  token: string | undefined,
  spaceId: string,
  requested: string,
): Promise<ContentAccess> {
  if (!token) throw requestError('ACCESS_TOKEN_MISSING');
  const grant = storable(token) ? await storage.repos.apiKeys.findGrant(token) : undefined;
  if (!grant) throw requestError('ACCESS_TOKEN_INVALID');
  const space = storable(spaceId) ? await storage.repos.spaces.find(spaceId) : undefined;
  if (!space)
    throw requestError('UNKNOWN_SPACE', `Query cannot be executed. The space '${spaceId}' does not exist`, { spaceId });
  if (grant.spaceId !== spaceId) throw requestError('ACCESS_TOKEN_INVALID');
  const { environments } = storage.repos;
  const known = storable(requested);
  const alias = known && space.aliasesEnabled ? await environments.findAlias(spaceId, requested) : undefined;
  const environmentId = alias ? alias.environmentId : requested;
  const environment = known ? await environments.find(spaceId, environmentId) : undefined;
  if (!environment || environment.status !== 'ready') {
    throw requestError(
      'UNKNOWN_ENVIRONMENT',
      `Query cannot be executed. The environment '${requested}' does not exist in the space '${spaceId}'`,
      { spaceId, environmentId: requested },
    );
  }
  if (!grant.environmentIds.includes(requested) && !grant.environmentIds.includes(environmentId))
    throw requestError('ACCESS_TOKEN_INVALID');
  return { grant, spaceId, environmentId };
}
