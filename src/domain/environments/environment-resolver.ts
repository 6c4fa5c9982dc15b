import { notFound } from '../../errors/index.ts';
import type { EnvironmentRecord, SpaceRecord, Storage } from '../../storage/port/index.ts';
import { MASTER } from '../spaces/spaces-service.ts';

/** An environment reached through a path: `requestedId` is what the client sent (an alias id or an environment id). */
export interface ResolvedEnvironment {
  readonly space: SpaceRecord;
  readonly environment: EnvironmentRecord;
  readonly requestedId: string;
  readonly aliasId: string | undefined;
}

/**
 * Resolves `/spaces/{s}/environments/{e}` (or the path without an environment, meaning `master`): an alias id
 * routes to its target. Content paths need a ready environment; an environment still being created is not found yet.
 * Who may reach the space was the authorizer's decision; the space record comes from the read cache.
 */
export function environmentResolver(storage: Storage) {
  const { environments, spaces } = storage.repos;
  return async function resolve(
    spaceId: string,
    environmentId: string | undefined,
    options: { requireReady?: boolean } = {},
  ): Promise<ResolvedEnvironment> {
    const space = await spaces.find(spaceId);
    if (!space) throw notFound('Space', spaceId);
    const requestedId = environmentId ?? MASTER;
    const alias = space.aliasesEnabled ? await environments.findAlias(spaceId, requestedId) : undefined;
    const environment = await environments.find(spaceId, alias ? alias.environmentId : requestedId);
    if (!environment || ((options.requireReady ?? true) && environment.status !== 'ready')) {
      throw notFound('Environment', requestedId, { space: spaceId });
    }
    return { space, environment, requestedId, aliasId: alias?.id };
  };
}

export type ResolveEnvironment = ReturnType<typeof environmentResolver>;
