/** The durable job that removes asset files (rows and bytes) nothing refers to any more. */
export const ASSET_FILES_GC_JOB = 'asset-files.collect';
/** Queues a collection in the transaction that deleted what referred to the files; announce it after commit. */
export async function enqueueAssetFilesGc(repos, payload) {
    await repos.jobs.enqueue(ASSET_FILES_GC_JOB, { ...payload });
}
