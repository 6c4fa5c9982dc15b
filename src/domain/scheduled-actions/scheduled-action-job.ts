import { AppError } from '../../errors/index.ts';
import type { JobHandler } from '../../jobs/index.ts';
import type { Repositories, ScheduledActionError, ScheduledActionRecord, Storage } from '../../storage/port/index.ts';
import type { Authorize } from '../access/authorizer.ts';
import { rightsOf } from '../access/grant.ts';
import type { SpaceRights } from '../access/space-rights.ts';
import type { Alongside } from '../content-writes/index.ts';
import type { ScheduledActionActor } from '../shared/actor.ts';

export const SCHEDULED_ACTION_JOB = 'scheduled-action';

/** The job of one plan of an action: a job whose version the action has left (updated, canceled) does nothing. */
export interface ScheduledActionJobPayload {
  spaceId: string;
  id: string;
  version: number;
}

/** Enqueues the execution of the action as it is now, at its time (in the transaction that wrote it). */
export function enqueueExecution(repos: Repositories, action: ScheduledActionRecord): Promise<number> {
  const payload: ScheduledActionJobPayload = { spaceId: action.spaceId, id: action.id, version: action.version };
  return repos.jobs.enqueue(SCHEDULED_ACTION_JOB, { ...payload }, new Date(action.scheduledFor));
}

/** The publish and unpublish of entries or assets, as the shared content lifecycle offers them. */
export interface ScheduledLifecycle {
  publish(
    actor: ScheduledActionActor,
    rights: SpaceRights,
    spaceId: string,
    environmentId: string,
    id: string,
    version: number | undefined,
    alongside: Alongside,
  ): Promise<unknown>;
  unpublish(
    actor: ScheduledActionActor,
    rights: SpaceRights,
    spaceId: string,
    environmentId: string,
    id: string,
    alongside: Alongside,
  ): Promise<unknown>;
}

export interface ScheduledActionJobDeps {
  authorize: Authorize;
  entries: ScheduledLifecycle;
  assets: ScheduledLifecycle;
}

/** Thrown in the write's transaction when another execution ended the action first: the write rolls back. */
const ENDED = Symbol('the scheduled action ended elsewhere');
/** A publish that met a concurrent save of its entity reads it again, this many times in all. */
const PUBLISH_ATTEMPTS = 3;

/** The error body recorded on a failed action: what the creator's own request would have been answered. */
const errorBody = (error: AppError): ScheduledActionError => ({
  sys: { type: 'Error', id: error.id },
  message: error.message,
  ...(error.details === undefined ? {} : { details: error.details }),
});

/**
 * Runs a scheduled action at its time: `scheduled` -> `inProgress` (its own commit), then the publish or unpublish
 * with the rights its creator has now (the one authorizer, for a `scheduledAction` actor), through the content write
 * path, and `succeeded` in the write's transaction: the write and the status commit together or not at all. A refusal
 * (access, validation, state) ends it `failed` with the error the API would have answered. The job runs at least
 * once: a re-run finds the action `inProgress` and writes again only if no execution ended it (its row is locked
 * first in the write's transaction), so it is never written twice nor ended twice.
 */
export function scheduledActionJob(
  storage: Storage,
  deps: ScheduledActionJobDeps,
): JobHandler<ScheduledActionJobPayload> {
  const { scheduledActions } = storage.repos;

  /** The action in progress at the job's version, or undefined when the job has nothing (more) to do. */
  async function begin(payload: ScheduledActionJobPayload): Promise<ScheduledActionRecord | undefined> {
    const started = await scheduledActions.start(payload.spaceId, payload.id, payload.version);
    if (started) return started;
    // Not `scheduled` at this version: a re-run of an execution a crash interrupted, or nothing (more) to do.
    const action = await scheduledActions.find(payload.spaceId, payload.id);
    return action?.status === 'inProgress' && action.version === payload.version ? action : undefined;
  }

  const alongside = (action: ScheduledActionRecord): Alongside => ({
    async before(repos) {
      if (!(await repos.scheduledActions.lockInProgress(action.spaceId, action.id))) throw ENDED;
    },
    async after(repos) {
      // Its webhook calls say which action made them (`X-<Vendor>-Scheduled-Action-Id`).
      await repos.events.attributeToScheduledAction(action.id);
      await repos.scheduledActions.finish(action.spaceId, action.id, 'succeeded', null);
    },
  });

  async function publish(
    lifecycle: ScheduledLifecycle,
    actor: ScheduledActionActor,
    rights: SpaceRights,
    action: ScheduledActionRecord,
  ) {
    const { spaceId, environmentId, entityId } = action;
    for (let attempt = 1; ; attempt += 1) {
      const repo = action.entityType === 'Entry' ? storage.repos.entries : storage.repos.assets;
      const entity = await repo.find(spaceId, environmentId, entityId);
      try {
        return await lifecycle.publish(
          actor,
          rights,
          spaceId,
          environmentId,
          entityId,
          entity?.version,
          alongside(action),
        );
      } catch (error) {
        if (!(error instanceof AppError && error.id === 'VersionMismatch') || attempt === PUBLISH_ATTEMPTS) throw error;
      }
    }
  }

  async function execute(action: ScheduledActionRecord): Promise<void> {
    const actor: ScheduledActionActor = {
      kind: 'scheduledAction',
      userId: action.createdBy,
      actionId: action.id,
      canWrite: true,
    };
    const operationId = `${action.entityType === 'Entry' ? 'Entries' : 'Assets'}_${action.action}`;
    const grant = await deps.authorize(actor, operationId, {
      space_id: action.spaceId,
      environment_id: action.environmentId,
    });
    const lifecycle = action.entityType === 'Entry' ? deps.entries : deps.assets;
    const rights = rightsOf(grant);
    if (action.action === 'publish') await publish(lifecycle, actor, rights, action);
    else
      await lifecycle.unpublish(
        actor,
        rights,
        action.spaceId,
        action.environmentId,
        action.entityId,
        alongside(action),
      );
  }

  /** Ends the action `failed` with `error`, unless an execution ended it already. */
  async function fail(
    repos: Repositories,
    action: Pick<ScheduledActionRecord, 'spaceId' | 'id'>,
    error: ScheduledActionError,
  ) {
    if (await repos.scheduledActions.lockInProgress(action.spaceId, action.id))
      await repos.scheduledActions.finish(action.spaceId, action.id, 'failed', error);
  }

  return {
    async run(payload) {
      const action = await begin(payload);
      if (!action) return;
      try {
        await execute(action);
      } catch (error) {
        if (error === ENDED) return;
        // Anything but a refusal (the database unreachable...) is retried by the runner; the action stays in progress.
        if (!(error instanceof AppError)) throw error;
        await storage.transaction((repos) => fail(repos, action, errorBody(error)));
      }
    },
    // Retries exhausted: the action ends rather than staying in progress for ever.
    async onFailure(repos, payload, error) {
      const body = { sys: { type: 'Error', id: 'ServerError' }, message: error.message };
      await fail(repos, payload, body);
    },
  };
}
