import { notFound } from '../../errors/index.ts';
import type { EnvironmentRecord, SpaceAccess, Storage } from '../../storage/port/index.ts';
import type { Actor } from '../shared/actor.ts';
import { MASTER, type SpacesService } from '../spaces/spaces-service.ts';

/** An environment reached through a path: `requestedId` is what the client sent (an alias id or an environment id). */
export interface ResolvedEnvironment {
  readonly access: SpaceAccess;
  readonly environment: EnvironmentRecord;
  readonly requestedId: string;
  readonly aliasId: string | undefined;
}

/**
 * Resolves `/spaces/{s}/environments/{e}` (or the path without an environment, meaning `master`): an alias id
 * routes to its target. Content paths need a ready environment; an environment still being created is not found yet.
 */
export function environmentResolver(storage: Storage, spaces: SpacesService) {
  const { environments } = storage.repos;
  return async function resolve(
    actor: Actor,
    spaceId: string,
    environmentId: string | undefined,
    options: { requireReady?: boolean } = {},
  ): Promise<ResolvedEnvironment> {
    const access = await spaces.access(actor, spaceId);
    const requestedId = environmentId ?? MASTER;
    const alias = access.space.aliasesEnabled ? await environments.findAlias(spaceId, requestedId) : undefined;
    const environment = await environments.find(spaceId, alias ? alias.environmentId : requestedId);
    if (!environment || ((options.requireReady ?? true) && environment.status !== 'ready')) {
      throw notFound('Environment', requestedId, { space: spaceId });
    }
    return { access, environment, requestedId, aliasId: alias?.id };
  };
}

export type ResolveEnvironment = ReturnType<typeof environmentResolver>;
