import type { Repositories } from '../../storage/port/index.ts';

/** The durable job that removes asset files (rows and bytes) nothing refers to any more. */
export const ASSET_FILES_GC_JOB = 'asset-files.collect';

/**
 * With `spaceId` (and `assetId`): the asset files of that space (asset). Without either: every blob on disk that no
 * asset file row uses (after a space is deleted, its rows went with it).
 */
export interface AssetFilesGcPayload {
  spaceId?: string;
  assetId?: string;
}

/** Queues a collection in the transaction that deleted what referred to the files; announce it after commit. */
export async function enqueueAssetFilesGc(repos: Repositories, payload: AssetFilesGcPayload): Promise<void> {
  await repos.jobs.enqueue(ASSET_FILES_GC_JOB, { ...payload });
}
