import type { Repositories } from '../../storage/port/index.ts';

/** The durable job that removes asset files (rows and bytes) nothing refers to any more. */
export const ASSET_FILES_GC_JOB = 'asset-files.collect';

/** Without `assetId`: every asset file of the space (after an environment is deleted). */
export interface AssetFilesGcPayload { spaceId: string; assetId?: string; }

/** Queues a collection in the transaction that deleted what referred to the files; announce it after commit. */
export async function enqueueAssetFilesGc(repos: Repositories, payload: AssetFilesGcPayload): Promise<void> {
  await repos.jobs.enqueue(ASSET_FILES_GC_JOB, { ...payload });
}
