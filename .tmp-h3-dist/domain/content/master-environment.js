import { MASTER } from "../spaces/spaces-service.js";
/**
 * Whether the environment is the space's master environment: the one the `master` alias targets when aliases
 * are enabled, else the environment with the id `master`. Snapshots are kept only there. Inside a transaction pass
 * its repositories: on PGlite a read outside it would wait for it to end.
 */
export async function isMasterEnvironment(repos, resolved) {
    const { spaceId, id } = resolved.environment;
    if (!resolved.access.space.aliasesEnabled)
        return id === MASTER;
    const alias = await repos.environments.findAlias(spaceId, MASTER);
    return (alias?.environmentId ?? MASTER) === id;
}
