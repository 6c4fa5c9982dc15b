import { AppError, badRequest, notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import { announceJobs } from '../../jobs/job-signal.ts';
import { generateId, isValidClientId } from '../../lib/ids.ts';
import type { EnvironmentOrderKey, PageRequest, Repositories, Storage } from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { enqueueAssetFilesGc } from '../uploads/asset-files-gc.ts';
import { MASTER } from '../spaces/spaces-service.ts';
import { environmentAliasesService } from './environment-aliases-service.ts';
import { ENVIRONMENT_CLONE_JOB, type EnvironmentClonePayload } from './environment-clone-job.ts';
import type { ResolveEnvironment } from './environment-resolver.ts';
import { environmentViews, type EnvironmentView } from './environment-view.ts';

export interface NewEnvironmentInput {
  name: string;
  /** The chosen id; generated when absent. */
  id?: string;
  /** The environment or alias id to copy from; `master` when absent. */
  source?: string;
}

/** An id that names an alias cannot also name an environment: paths could not tell them apart. */
const idTakenByAlias = (id: string) =>
  validationFailed([
    {
      name: 'taken',
      path: ['sys', 'id'],
      value: id,
      details: `The id "${id}" is already used by an environment alias in this space; environment ids and alias ids must differ.`,
    },
  ]);

/** Environments: created as copies of a ready source in the background, renamed, deleted; plus their aliases. */
export function environmentsService(storage: Storage, resolve: ResolveEnvironment) {
  const { environments } = storage.repos;

  /** The environment (or alias target) to copy from, locked so it cannot go away before this transaction ends. */
  async function readySource(repos: Repositories, spaceId: string, aliasesEnabled: boolean, requested: string) {
    const alias = aliasesEnabled ? await repos.environments.findAlias(spaceId, requested) : undefined;
    const source = await repos.environments.findForShare(spaceId, alias?.environmentId ?? requested);
    if (!source || source.status !== 'ready') {
      throw new AppError('NotFound', `The source environment "${requested}" does not exist or is not ready.`, {
        type: 'Environment',
        id: requested,
        space: spaceId,
      });
    }
    return source;
  }

  async function create(actor: Actor, spaceId: string, input: NewEnvironmentInput): Promise<EnvironmentView> {
    const id = input.id ?? generateId();
    if (!isValidClientId(id)) throw badRequest(`The environment id "${id}" must match ^[a-zA-Z0-9-_.]{1,64}$.`);
    const environment = await storage.transaction(async (repos) => {
      await repos.environments.lockSpace(spaceId);
      const space = await repos.spaces.find(spaceId);
      if (!space) throw notFound('Space', spaceId);
      if (await repos.environments.findAlias(spaceId, id)) throw idTakenByAlias(id);
      const source = await readySource(repos, spaceId, space.aliasesEnabled, input.source || MASTER);
      const created = await repos.environments.create({
        spaceId,
        id,
        name: input.name,
        status: 'queued',
        sourceEnvironmentId: source.id,
        createdBy: actorId(actor),
      });
      if (!created) {
        throw new AppError(
          'VersionMismatch',
          `The environment "${id}" was just created by another request; send its current version in the version header to rename it.`,
        );
      }
      const payload: EnvironmentClonePayload = { spaceId, environmentId: id };
      await repos.jobs.enqueue(ENVIRONMENT_CLONE_JOB, { ...payload });
      return created;
    });
    announceJobs(storage);
    return { environment, aliases: [] };
  }

  async function rename(
    actor: Actor,
    spaceId: string,
    id: string,
    name: string,
    version: number | undefined,
  ): Promise<EnvironmentView> {
    const current = await environments.find(spaceId, id);
    if (!current) throw notFound('Environment', id, { space: spaceId });
    if (id === MASTER) throw badRequest('The master environment cannot be renamed.');
    if (version === undefined || version !== current.version) throw versionMismatch(current.version, version);
    const updated = await environments.rename(spaceId, id, name, version, actorId(actor));
    if (!updated) {
      const now = await environments.find(spaceId, id);
      throw now ? versionMismatch(now.version, version) : notFound('Environment', id, { space: spaceId });
    }
    return (await environmentViews(storage.repos, spaceId, [updated]))[0];
  }

  return {
    aliases: environmentAliasesService(storage),

    async list(spaceId: string, page: PageRequest<EnvironmentOrderKey>) {
      const { items, total } = await environments.list(spaceId, page);
      return { items: await environmentViews(storage.repos, spaceId, items), total };
    },

    /** By environment id or alias id, in any state. */
    async get(spaceId: string, id: string): Promise<EnvironmentView> {
      const { environment, aliasId } = await resolve(spaceId, id, { requireReady: false });
      return (await environmentViews(storage.repos, spaceId, [environment], aliasId))[0];
    },

    create,

    /** Creates the environment with this id, or renames the existing one. */
    async put(actor: Actor, spaceId: string, id: string, input: { name: string; version?: number; source?: string }) {
      if (await environments.find(spaceId, id))
        return { created: false, view: await rename(actor, spaceId, id, input.name, input.version) };
      return { created: true, view: await create(actor, spaceId, { id, name: input.name, source: input.source }) };
    },

    async delete(spaceId: string, id: string): Promise<void> {
      await storage.transaction(async (repos) => {
        await repos.environments.lockSpace(spaceId);
        if (!(await repos.environments.find(spaceId, id))) {
          if (await repos.environments.findAlias(spaceId, id)) {
            throw badRequest(
              `"${id}" is an environment alias, not an environment. Delete the alias through /spaces/${spaceId}/environment_aliases/${id}, or the environment by its own id.`,
            );
          }
          throw notFound('Environment', id, { space: spaceId });
        }
        if (id === MASTER) throw badRequest('The master environment cannot be deleted.');
        const aliases = (await repos.environments.aliasesTargeting(spaceId, [id])).map((a) => a.id);
        if (aliases.length) {
          throw badRequest(
            `The environment "${id}" is the target of the environment alias(es) ${aliases.map((a) => `"${a}"`).join(', ')}; point them at another environment first.`,
            { aliases },
          );
        }
        await repos.environments.delete(spaceId, id);
        await enqueueAssetFilesGc(repos, { spaceId });
      });
      announceJobs(storage);
    },
  };
}

export type EnvironmentsService = ReturnType<typeof environmentsService>;
