import type { Repositories } from '../../storage/port/index.ts';
import type { ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { MASTER } from '../spaces/spaces-service.ts';

/**
 * Whether the environment is the space's master environment: the one the `master` alias targets when aliases
 * are enabled, else the environment with the id `master`. Snapshots are kept only there. Inside a transaction pass
 * its repositories: on PGlite a read outside it would wait for it to end.
 */
export async function isMasterEnvironment(repos: Repositories, resolved: ResolvedEnvironment): Promise<boolean> {
  const { spaceId, id } = resolved.environment;
  if (!resolved.space.aliasesEnabled) return id === MASTER;
  const alias = await repos.environments.findAlias(spaceId, MASTER);
  return (alias?.environmentId ?? MASTER) === id;
}

/** Whether the environment is the master one when that needs no read (aliases off); undefined when it does. */
export function isMasterWithoutReading(resolved: ResolvedEnvironment): boolean | undefined {
  return resolved.space.aliasesEnabled ? undefined : resolved.environment.id === MASTER;
}
