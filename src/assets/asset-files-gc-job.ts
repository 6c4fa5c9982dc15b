import type { AssetFilesGcPayload } from '../domain/uploads/asset-files-gc.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import type { Storage } from '../storage/port/index.ts';
import type { FileStore } from './file-store.ts';

const BATCH = 200;

/**
 * Deletes the asset file rows of the payload's scope that no asset (draft or published, in any environment) names
 * any more, and each blob that no asset file row uses then. The blob is removed inside the transaction that deleted
 * its last row, under the blob's lock that processing also takes while it adopts a blob and records its row, so a
 * blob that gains a user meanwhile is kept. A crash before commit leaves the rows for the retry; the worst outcome
 * is an unreferenced row whose bytes are gone, which the next collection deletes. Without a space, every blob on
 * disk is checked the same way (after a space deletion).
 */
export function assetFilesGcJob(storage: Storage, store: FileStore): JobHandler<AssetFilesGcPayload> {
  return {
    async run({ spaceId, assetId }) {
      if (spaceId === undefined) {
        for (const sha256 of await store.listBlobs()) {
          await storage.transaction(async (repos) => {
            if (!(await repos.uploads.lockBlob(sha256)).inUse) await store.removeBlob(sha256);
          });
        }
        return;
      }
      for (;;) {
        const deleted = await storage.transaction(async (repos) => {
          const hashes = await repos.uploads.deleteUnreferencedAssetFiles(spaceId, assetId, BATCH);
          for (const sha256 of [...new Set(hashes)].sort()) {
            if (!(await repos.uploads.lockBlob(sha256)).inUse) await store.removeBlob(sha256);
          }
          return hashes.length;
        });
        if (deleted < BATCH) return;
      }
    },
  };
}
