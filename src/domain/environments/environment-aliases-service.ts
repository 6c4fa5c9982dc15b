import { badRequest, notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import type {
  EnvironmentAliasOrderKey,
  EnvironmentAliasRecord,
  PageRequest,
  Repositories,
  Storage,
} from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { MASTER } from '../spaces/spaces-service.ts';
import { masterOptInId } from './master-opt-in-id.ts';

/** Aliases besides `master` a space may have. */
export const MAX_EXTRA_ALIASES = 2;

const targetProblem = (id: string, reason: string) =>
  validationFailed([
    {
      name: reason === 'missing' ? 'notResolvable' : 'notReady',
      path: ['environment'],
      value: id,
      details:
        reason === 'missing'
          ? `The environment "${id}" does not exist in this space; an alias must target an existing environment.`
          : `The environment "${id}" is not ready yet; an alias must target a ready environment.`,
    },
  ]);

/**
 * Environment aliases. Opt-in per space: the first alias must be `master`, and creating it renames the environment
 * `master` to `master-YYYY-MM-DD` so that `master` in every path means the alias from then on.
 */
export function environmentAliasesService(storage: Storage) {
  const { environments } = storage.repos;

  async function requireReadyTarget(repos: Repositories, spaceId: string, environmentId: string): Promise<void> {
    const target = await repos.environments.findForShare(spaceId, environmentId);
    if (!target) throw targetProblem(environmentId, 'missing');
    if (target.status !== 'ready') throw targetProblem(environmentId, 'notReady');
  }

  async function optIn(
    repos: Repositories,
    actor: Actor,
    spaceId: string,
    targetId: string,
  ): Promise<EnvironmentAliasRecord> {
    const renamedId = await masterOptInId(repos, spaceId, new Date());
    const renamed = await repos.environments.changeId(spaceId, MASTER, renamedId, actorId(actor));
    if (!renamed) throw notFound('Environment', MASTER, { space: spaceId });
    const target = targetId === MASTER ? renamedId : targetId;
    await requireReadyTarget(repos, spaceId, target);
    await repos.spaces.setAliasesEnabled(spaceId, actorId(actor));
    return repos.environments.insertAlias({ spaceId, id: MASTER, environmentId: target, createdBy: actorId(actor) });
  }

  return {
    async list(spaceId: string, page: PageRequest<EnvironmentAliasOrderKey>) {
      return environments.listAliases(spaceId, page);
    },

    async get(spaceId: string, aliasId: string): Promise<EnvironmentAliasRecord> {
      return (
        (await environments.findAlias(spaceId, aliasId)) ??
        Promise.reject(notFound('EnvironmentAlias', aliasId, { space: spaceId }))
      );
    },

    /** Creates the alias, or points it at another environment (with the current version). */
    async put(actor: Actor, spaceId: string, aliasId: string, targetId: string, version: number | undefined) {
      return storage.transaction(async (repos) => {
        await repos.environments.lockSpace(spaceId);
        const space = await repos.spaces.find(spaceId);
        if (!space) throw notFound('Space', spaceId);
        if (!space.aliasesEnabled) {
          if (aliasId !== MASTER) {
            throw badRequest(
              `Environment aliases are not enabled for this space. Create the master alias first (PUT /spaces/${spaceId}/environment_aliases/master); that enables aliases.`,
            );
          }
          return { created: true, alias: await optIn(repos, actor, spaceId, targetId) };
        }
        const existing = await repos.environments.findAlias(spaceId, aliasId);
        if (existing) {
          if (version === undefined || version !== existing.version) throw versionMismatch(existing.version, version);
          await requireReadyTarget(repos, spaceId, targetId);
          const updated = await repos.environments.retargetAlias(spaceId, aliasId, targetId, version, actorId(actor));
          if (!updated) throw versionMismatch(existing.version, version);
          return { created: false, alias: updated };
        }
        if (await repos.environments.find(spaceId, aliasId)) {
          throw validationFailed([
            {
              name: 'taken',
              path: ['sys', 'id'],
              value: aliasId,
              details: `The id "${aliasId}" is already used by an environment in this space; alias ids and environment ids must differ.`,
            },
          ]);
        }
        if ((await repos.environments.countAliases(spaceId)) >= MAX_EXTRA_ALIASES + 1) {
          throw badRequest(
            `A space can have at most ${MAX_EXTRA_ALIASES} environment aliases besides master; delete one first.`,
          );
        }
        await requireReadyTarget(repos, spaceId, targetId);
        return {
          created: true,
          alias: await repos.environments.insertAlias({
            spaceId,
            id: aliasId,
            environmentId: targetId,
            createdBy: actorId(actor),
          }),
        };
      });
    },

    async delete(spaceId: string, aliasId: string): Promise<void> {
      await storage.transaction(async (repos) => {
        await repos.environments.lockSpace(spaceId);
        if (!(await repos.environments.findAlias(spaceId, aliasId)))
          throw notFound('EnvironmentAlias', aliasId, { space: spaceId });
        if (aliasId === MASTER) throw badRequest('The master alias cannot be deleted.');
        await repos.environments.deleteAlias(spaceId, aliasId);
      });
    },
  };
}
