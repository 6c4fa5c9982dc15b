import { AppError, badRequest, notFound, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { Repositories, ScheduledActionPlan, ScheduledActionRecord, Storage } from '../../storage/port/index.ts';
import { docOf, mayRead, requireSchedulable } from '../access/entity-access.ts';
import type { EntityDoc } from '../access/policy-evaluation.ts';
import type { SpaceRights } from '../access/space-rights.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { enqueueExecution } from './scheduled-action-job.ts';
import { planOf, unresolvableEntity, type ScheduledActionInput } from './scheduled-action-input.ts';
import { listRequestOf } from './scheduled-action-list.ts';
import { readPage, type ScheduledActionPage } from './scheduled-action-page.ts';

/** Actions `scheduled` or `inProgress` an environment may hold (the spec's limit). */
export const PENDING_LIMIT = 200;

export interface ScheduledActionsOptions {
  /** The clock a new time is compared with (tests). */
  now?: () => Date;
}

const notScheduled = (action: ScheduledActionRecord) =>
  badRequest(`The scheduled action is ${action.status}: only a scheduled action can be changed or canceled.`, {
    status: action.status,
  });

/**
 * Scheduled actions of a space's environments: create, list, get, update and cancel, each decided on its entity
 * (reading follows the entity's read access; every change needs publish access to it). Each create and update
 * enqueues the action's execution at its time in its own transaction (`scheduled-action-job.ts`).
 */
export function scheduledActionsService(
  storage: Storage,
  resolve: ResolveEnvironment,
  options: ScheduledActionsOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const missing = (spaceId: string, id: string) => notFound('ScheduledAction', id, { space: spaceId });

  /** The environment of a create: one that does not exist is a bad request (the spec's 400), not a missing path. */
  async function environmentOfBody(spaceId: string, environmentId: string): Promise<ResolvedEnvironment> {
    try {
      return await resolve(spaceId, environmentId);
    } catch (error) {
      if (error instanceof AppError && error.id === 'NotFound')
        throw badRequest(`The environment ${environmentId} does not exist in this space.`, {
          environment: environmentId,
        });
      throw error;
    }
  }

  async function entityDoc(
    repos: Repositories,
    spaceId: string,
    environmentId: string,
    entity: Pick<ScheduledActionPlan, 'entityType' | 'entityId'>,
  ): Promise<EntityDoc | undefined> {
    const repo = entity.entityType === 'Entry' ? repos.entries : repos.assets;
    const record = await repo.find(spaceId, environmentId, entity.entityId);
    return record && docOf(entity.entityType, record);
  }

  /**
   * The entity of a plan must exist and be readable by the caller: else 422 (an unresolvable link of the body, as an
   * entry's link to nothing is at publish; not a 404, which would say the path was wrong). Then publish access (403).
   */
  async function requirePlannable(
    rights: SpaceRights,
    environmentId: string,
    spaceId: string,
    plan: ScheduledActionPlan,
  ) {
    const doc = await entityDoc(storage.repos, spaceId, environmentId, plan);
    if (!doc || !mayRead(rights, doc)) throw unresolvableEntity(plan);
    requireSchedulable(rights, doc, () => unresolvableEntity(plan));
  }

  /** The action of the path in the environment of the query, if the caller may read its entity (else 404). */
  async function visible(
    rights: SpaceRights,
    spaceId: string,
    environmentId: string,
    id: string,
  ): Promise<{ action: ScheduledActionRecord; doc: EntityDoc | undefined }> {
    const resolved = await resolve(spaceId, environmentId);
    const action = await storage.repos.scheduledActions.find(spaceId, id);
    if (!action || action.environmentId !== resolved.environment.id) throw missing(spaceId, id);
    const doc = await entityDoc(storage.repos, spaceId, action.environmentId, action);
    // An action whose entity is gone stays visible to whoever reads the environment's actions unfiltered.
    if (rights.all || (doc && mayRead(rights, doc))) return { action, doc };
    throw missing(spaceId, id);
  }

  /** A change of an action: publish access to its entity as it is (an entity gone protects nothing). */
  function requireChangeable(
    rights: SpaceRights,
    spaceId: string,
    action: ScheduledActionRecord,
    doc: EntityDoc | undefined,
  ) {
    if (doc) requireSchedulable(rights, doc, () => missing(spaceId, action.id));
  }

  return {
    async create(actor: Actor, rights: SpaceRights, spaceId: string, input: ScheduledActionInput) {
      const environmentId = input.environment.sys.id;
      const { environment } = await environmentOfBody(spaceId, environmentId);
      const plan = planOf(input, now());
      await requirePlannable(rights, environment.id, spaceId, plan);
      return storage.transaction(async (repos) => {
        // The environment's row is the lock of its pending count: two creates cannot both take the last place.
        if (!(await repos.scheduledActions.lockEnvironment(spaceId, environment.id)))
          throw badRequest(`The environment ${environmentId} does not exist in this space.`);
        if ((await repos.scheduledActions.countPending(spaceId, environment.id)) >= PENDING_LIMIT)
          throw badRequest(
            `The environment ${environmentId} has ${PENDING_LIMIT} pending scheduled actions, the most it may have.`,
            { limit: PENDING_LIMIT },
          );
        const action = await repos.scheduledActions.insert({
          ...plan,
          spaceId,
          environmentId: environment.id,
          id: generateId(),
          createdBy: actorId(actor),
        });
        await enqueueExecution(repos, action);
        return action;
      });
    },

    async list(rights: SpaceRights, spaceId: string, rawQuery: string): Promise<ScheduledActionPage> {
      const request = listRequestOf(rawQuery);
      const { environment } = await resolve(spaceId, request.environmentId);
      const readable = async (action: ScheduledActionRecord) => {
        if (rights.all) return true;
        const doc = await entityDoc(storage.repos, spaceId, environment.id, action);
        return doc !== undefined && mayRead(rights, doc);
      };
      return readPage(storage.repos.scheduledActions, spaceId, environment.id, request, readable);
    },

    async get(rights: SpaceRights, spaceId: string, environmentId: string, id: string) {
      return (await visible(rights, spaceId, environmentId, id)).action;
    },

    /** Replaces the plan of a scheduled action at `version` (entity, time, action; not its environment). */
    async update(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string,
      id: string,
      version: number | undefined,
      input: ScheduledActionInput,
    ) {
      const { action, doc } = await visible(rights, spaceId, environmentId, id);
      requireChangeable(rights, spaceId, action, doc);
      if (action.status !== 'scheduled') throw notScheduled(action);
      const expected = action.version;
      if (version !== expected) throw versionMismatch(expected, version);
      const target = await environmentOfBody(spaceId, input.environment.sys.id);
      if (target.environment.id !== action.environmentId)
        throw badRequest('The environment of a scheduled action cannot change.');
      const plan = planOf(input, now());
      await requirePlannable(rights, action.environmentId, spaceId, plan);
      return storage.transaction(async (repos) => {
        const updated = await repos.scheduledActions.update(spaceId, id, expected, plan, actorId(actor));
        if (!updated) {
          const current = await repos.scheduledActions.find(spaceId, id);
          if (!current) throw missing(spaceId, id);
          throw current.status !== 'scheduled' ? notScheduled(current) : versionMismatch(current.version, version);
        }
        await enqueueExecution(repos, updated);
        return updated;
      });
    },

    async cancel(actor: Actor, rights: SpaceRights, spaceId: string, environmentId: string, id: string) {
      const { action, doc } = await visible(rights, spaceId, environmentId, id);
      requireChangeable(rights, spaceId, action, doc);
      if (action.status !== 'scheduled') throw notScheduled(action);
      const canceled = await storage.repos.scheduledActions.cancel(spaceId, id, actorId(actor));
      if (canceled) return canceled;
      throw notScheduled((await storage.repos.scheduledActions.find(spaceId, id)) ?? action);
    },
  };
}

export type ScheduledActionsService = ReturnType<typeof scheduledActionsService>;
