import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts';
import type { Storage } from '../../storage/port/index.ts';

/** The job that fills a new environment with a copy of its source. */
export const ENVIRONMENT_CLONE_JOB = 'environment.clone';

export interface EnvironmentClonePayload {
  spaceId: string;
  environmentId: string;
}

/**
 * queued -> inProgress (committed on its own, so readers see it) -> copy of every environment-scoped table and
 * ready, in one transaction reading one snapshot: a failed copy leaves nothing half-copied. A source that is gone or not ready fails
 * the job at once; the environment then ends `failed`.
 */
export function environmentCloneJob(storage: Storage): JobHandler<EnvironmentClonePayload> {
  return {
    async run({ spaceId, environmentId }) {
      const started = await storage.repos.environments.transition(
        spaceId,
        environmentId,
        ['queued', 'inProgress'],
        'inProgress',
      );
      if (!started) return; // deleted meanwhile, or an earlier run finished it
      await storage.transaction(
        async (repos) => {
          // Re-entering the state locks the row: a second run of this job waits here, then finds it ready.
          const environment = await repos.environments.transition(spaceId, environmentId, ['inProgress'], 'inProgress');
          if (!environment) return;
          const sourceId = environment.sourceEnvironmentId;
          const source = sourceId ? await repos.environments.findForShare(spaceId, sourceId) : undefined;
          if (!source || source.status !== 'ready') {
            throw new PermanentJobError(`The source environment "${sourceId}" no longer exists or is not ready.`);
          }
          await repos.environments.copyContent(spaceId, source.id, environmentId);
          await repos.environments.transition(spaceId, environmentId, ['inProgress'], 'ready');
        },
        { snapshot: true },
      ); // every table copied as of one instant, so entries, their links and values agree
    },
    async onFailure(repos, { spaceId, environmentId }, error) {
      await repos.environments.transition(spaceId, environmentId, ['queued', 'inProgress'], 'failed', error.message);
    },
  };
}
