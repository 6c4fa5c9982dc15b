import { ASSET_PROCESSING_JOB, DEFAULT_ASSETS_PATH, DEFAULT_IMAGES_PATH } from "../domain/uploads/asset-processing-service.js";
import { scheduleUploadExpiry, UPLOAD_EXPIRY_JOB, uploadExpiryJob } from "../domain/uploads/upload-expiry-job.js";
import { ASSET_FILES_GC_JOB } from "../domain/uploads/asset-files-gc.js";
import { assetFilesGcJob } from "./asset-files-gc-job.js";
import { assetProcessingJob } from "./asset-processing-job.js";
import { FileStore } from "./file-store.js";
import { publishedFiles } from "./published-files.js";
import { mountPath } from "./public-urls.js";
import { renditions } from "./renditions.js";
/** How often unused uploads are swept. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Uploads, asset files and their hosts over one files directory: the options the domain services need, the jobs
 * (processing, and the upload expiry sweep), and what the public file hosts serve.
 */
export function createAssetFiles(config, storage) {
    const store = new FileStore(config.filesDir);
    return {
        store,
        serviceOptions: {
            uploads: { files: store, maxBytes: config.uploadMaxBytes },
            assetProcessing: { fetchRemoteFiles: config.fetchRemoteFiles, assetsBaseUrl: config.assetsBaseUrl, imagesBaseUrl: config.imagesBaseUrl },
        },
        hosts: {
            assetsPath: mountPath(config.assetsBaseUrl, DEFAULT_ASSETS_PATH),
            imagesPath: mountPath(config.imagesBaseUrl, DEFAULT_IMAGES_PATH),
            imagesHost: config.imagesBaseUrl ? new URL(config.imagesBaseUrl).host : undefined,
            find: publishedFiles(storage, store),
            rendition: renditions(store),
        },
        async registerJobs(jobs) {
            jobs.register(ASSET_PROCESSING_JOB, assetProcessingJob(storage, store, { maxBytes: config.uploadMaxBytes, fetchRemoteFiles: config.fetchRemoteFiles }));
            jobs.register(ASSET_FILES_GC_JOB, assetFilesGcJob(storage, store));
            jobs.register(UPLOAD_EXPIRY_JOB, uploadExpiryJob(storage, store, { intervalMs: UPLOAD_SWEEP_INTERVAL_MS }));
            await scheduleUploadExpiry(storage);
        },
        /** Test servers remove their temporary files directory when they stop. */
        async close() {
            if (config.nodeEnv === 'test' && /[\\/]tessera-files-[0-9a-f]{12}$/.test(config.filesDir))
                await store.destroy();
        },
    };
}
