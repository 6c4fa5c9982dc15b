import { notFound } from '../../errors/index.ts';
import type {
  EnvironmentRecord,
  Repositories,
  SpaceRecord,
  Storage,
  TransactionDescription,
} from '../../storage/port/index.ts';
import { MASTER } from '../spaces/spaces-service.ts';

/** An environment reached through a path: `requestedId` is what the client sent (an alias id or an environment id). */
export interface ResolvedEnvironment {
  readonly space: SpaceRecord;
  readonly environment: EnvironmentRecord;
  readonly requestedId: string;
  readonly aliasId: string | undefined;
}

/**
 * What the events of writes made for a request record of its path (`TransactionDescription`, `NewEntry`): the alias id
 * when the request went through an alias, else nothing (the event then records the environment's own id, at no cost).
 * Webhooks on an alias fire only for writes made through it.
 */
export function requestedPath(resolved: ResolvedEnvironment): { requestedEnvironmentId?: string } {
  return resolved.requestedId === resolved.environment.id ? {} : { requestedEnvironmentId: resolved.requestedId };
}

/**
 * Describes the transaction of a write made for the request (call it first in the transaction): the path it named
 * (an alias) and `extra` (e.g. the action auto_save for a save the client marked as automatic). Without either it
 * sends nothing to the database.
 */
export async function describeWrite(
  repos: Repositories,
  resolved: ResolvedEnvironment,
  extra: TransactionDescription = {},
): Promise<void> {
  await repos.events.describeTransaction({ ...requestedPath(resolved), ...extra });
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
