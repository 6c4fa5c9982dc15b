import { announceJobs } from '../../jobs/job-signal.ts';
import type {
  AssetFileRecord,
  AssetFileValue,
  AssetRecord,
  ContentDraft,
  NewContent,
  Repositories,
  Storage,
} from '../../storage/port/index.ts';
import type { ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { enqueueAssetFilesGc } from '../uploads/asset-files-gc.ts';
import type { ContentChange } from './content-change.ts';
import type { ContentKindWrites } from './content-kind-writes.ts';
import type { WritePath } from './write-path.ts';

/** A processed file of one locale, as the processing job applies it (`saveProcessedFile`). */
export interface ProcessedFile {
  spaceId: string;
  environmentId: string;
  assetId: string;
  locale: string;
  /** The row of the asset file (content-addressed by `sha256`), whose blob must be on disk when the URL commits. */
  assetFile: AssetFileRecord;
  /** What `fields.file.<locale>` becomes: the URL and the details. */
  value: AssetFileValue;
  /** The version the asset was at when the job read it: the file is written only at that version. */
  expectedVersion: number;
  /** The upload the bytes came from, marked processed with the write. */
  uploadId: string | undefined;
}

/**
 * Assets' writes with their follow-ups: a delete queues the collection of the asset's files (announced after
 * commit); a processed file is written with its file row, under the blob's lock. Every write of an asset is a
 * transaction (tags locked, or the path recorded for the event).
 */
export function assetWrites(storage: Storage, path: WritePath) {
  const lifecycle: ContentKindWrites<AssetRecord, void> = {
    publish(change, { environment }, asset, version, _validated, userId, explain, alongside) {
      return path.conditional(
        change,
        async (repos) => {
          await alongside?.before(repos);
          return repos.assets.publish(environment.spaceId, environment.id, asset.id, version, userId);
        },
        explain,
        alongside && ((repos) => alongside.after(repos)),
      );
    },

    transition(change, { environment }, id, transition, version, userId, explain, alongside) {
      const { spaceId, id: environmentId } = environment;
      return path.conditional(
        change,
        async (repos) => {
          await alongside?.before(repos);
          return transition === 'unpublish'
            ? repos.assets.unpublish(spaceId, environmentId, id, userId)
            : repos.assets[transition](spaceId, environmentId, id, version, userId);
        },
        explain,
        alongside && ((repos) => alongside.after(repos)),
      );
    },

    async delete(change, { environment }, id, explain) {
      await path.transaction(change, async (repos) => {
        if (!(await repos.assets.delete(environment.spaceId, environment.id, id))) await explain(repos);
        await enqueueAssetFilesGc(repos, { spaceId: environment.spaceId, assetId: id });
      });
      announceJobs(storage);
    },
  };

  return {
    lifecycle,

    /** Inserts an asset at version 1, its tags locked first (`lockTags`); undefined when the id is taken. */
    insert(
      change: ContentChange,
      asset: NewContent,
      lockTags: (repos: Repositories) => Promise<void>,
    ): Promise<AssetRecord | undefined> {
      return path.transaction(change, async (repos) => {
        await lockTags(repos);
        return repos.assets.insert(asset);
      });
    },

    /** Replaces the draft at `version`, its tags locked first. */
    saveDraft(
      change: ContentChange,
      { environment }: ResolvedEnvironment,
      id: string,
      draft: ContentDraft,
      version: number,
      userId: string,
      lockTags: (repos: Repositories) => Promise<void>,
      explain: (repos: Repositories) => Promise<never>,
    ): Promise<AssetRecord> {
      return path.conditional(
        change,
        async (repos) => {
          await lockTags(repos);
          return repos.assets.update(environment.spaceId, environment.id, id, draft, version, userId);
        },
        explain,
      );
    },

    /**
     * Writes a processed file: the asset file row, then (under the blob's lock, which the collection of unused files
     * also takes) `adoptBlob` puts the bytes in place, then the asset's file at `expectedVersion`, and the upload is
     * marked processed; all in one transaction. False when the asset moved on (nothing is written).
     * Lock order: the space (the row's foreign key), the asset file row, the blob, the asset; deleting an
     * environment locks the space before its assets, and the collection takes rows before blobs, so none can cycle.
     */
    async saveProcessedFile(
      change: ContentChange,
      file: ProcessedFile,
      adoptBlob: () => Promise<void>,
    ): Promise<boolean> {
      return path
        .transaction(change, async (repos) => {
          await repos.uploads.saveAssetFile(file.assetFile);
          await repos.uploads.lockBlob(file.assetFile.sha256);
          await adoptBlob();
          const updated = await repos.assets.updateFile(
            file.spaceId,
            file.environmentId,
            file.assetId,
            file.locale,
            file.value,
            file.expectedVersion,
          );
          if (!updated) throw NOT_APPLIED; // rolls the row back: nothing refers to it
          if (file.uploadId) await repos.uploads.markProcessed(file.spaceId, file.uploadId);
          return true;
        })
        .catch((error) => (error === NOT_APPLIED ? false : Promise.reject(error)));
    },
  };
}

/** Thrown inside the transaction of a processed file when the asset moved on: the transaction rolls back. */
const NOT_APPLIED = Symbol('not applied');

export type AssetWrites = ReturnType<typeof assetWrites>;
