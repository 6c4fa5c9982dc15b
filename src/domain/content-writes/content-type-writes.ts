import { versionMismatch, type AppError } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { ContentTypeRecord, Repositories } from '../../storage/port/index.ts';
import { planActivation } from '../content-model/activation.ts';
import { refuseInvalidatingActivation } from '../content-model/activation-check.ts';
import { syncEditorInterface } from '../content-model/editor-interface-sync.ts';
import type { ContentTypeDefinition } from '../content-model/field.ts';
import { isMasterEnvironment } from '../content/master-environment.ts';
import type { ResolvedEnvironment } from '../environments/environment-resolver.ts';
import type { ContentChange } from './content-change.ts';
import type { WritePath } from './write-path.ts';

const draftOf = (r: ContentTypeRecord): ContentTypeDefinition => ({
  name: r.name,
  description: r.description,
  displayField: r.displayField,
  fields: r.fields,
});

/**
 * Writes of the content model: a content type's saves (one statement alone unless the request's path must be
 * recorded, which its statements cannot), and the writes made with the content type's row locked (delete,
 * activation and deactivation, editor interfaces), which activation and entry publishes also order by. An
 * activation's follow-ups: the editor interface kept in step and, in the master environment, the snapshot.
 */
export function contentTypeWrites(path: WritePath) {
  /** Runs `work` with the content type row locked; `missing` when it does not exist. */
  function locked<T>(
    change: ContentChange | undefined,
    resolved: ResolvedEnvironment,
    id: string,
    missing: () => AppError,
    work: (repos: Repositories, current: ContentTypeRecord) => Promise<T>,
  ): Promise<T> {
    const { spaceId, id: environmentId } = resolved.environment;
    return path.transaction(change, async (repos) => {
      const current = await repos.contentTypes.lock(spaceId, environmentId, id);
      if (!current) throw missing();
      return work(repos, current);
    });
  }

  return {
    /** A save of one statement (insert or update): alone, or in a transaction when the path must be recorded. */
    save<T>(change: ContentChange, write: (repos: Repositories) => Promise<T>): Promise<T> {
      return path.statementOrTransaction(change, change.requestedEnvironmentId === undefined, write);
    },

    locked,

    /** Activates the draft at `version`: it becomes the definition that shapes entries. */
    activate(
      change: ContentChange,
      resolved: ResolvedEnvironment,
      id: string,
      version: number | undefined,
      userId: string,
      missing: () => AppError,
    ): Promise<ContentTypeRecord> {
      return locked(change, resolved, id, missing, async (repos, current) => {
        if (version !== current.version) throw versionMismatch(current.version, version);
        const plan = planActivation(draftOf(current), current.published);
        await refuseInvalidatingActivation(repos, current.spaceId, current.environmentId, id, plan, current.published);
        const activated = await repos.contentTypes.activate(
          current.spaceId,
          current.environmentId,
          id,
          version,
          plan,
          userId,
        );
        if (!activated) throw versionMismatch(current.version, version);
        await syncEditorInterface(repos, activated, plan.renames, userId);
        if (await isMasterEnvironment(repos, resolved)) {
          await repos.snapshots.insert({
            spaceId: current.spaceId,
            environmentId: current.environmentId,
            id: generateId(),
            entityType: 'ContentType',
            entityId: id,
            snapshot: { ...activated } as unknown as Record<string, unknown>,
            createdBy: userId,
          });
        }
        return activated;
      });
    },
  };
}

export type ContentTypeWrites = ReturnType<typeof contentTypeWrites>;
