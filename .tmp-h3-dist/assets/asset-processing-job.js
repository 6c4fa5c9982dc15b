import { parseFile, sameSource } from "../domain/uploads/file-source.js";
import { PermanentJobError } from "../jobs/job-handler.js";
import { probeImage } from "./image-probe.js";
import { fileUrl } from "./public-urls.js";
import { fetchToStore } from "./url-fetch.js";
/** Attempts to apply a result while other locales of the same asset land their own version bumps. */
const APPLY_ATTEMPTS = 20;
/**
 * Takes one locale's bytes (from its upload or its URL) into the content-addressed store, measures them and writes
 * `url` and `details` into `fields.file.<locale>` with version + 1. The write is conditional on the version read
 * just before and on the locale still naming the same source, so parallel locales never overwrite each other and
 * a file replaced meanwhile is left alone. Idempotent: a locale already processed is skipped.
 */
export function assetProcessingJob(storage, store, options) {
    const current = async ({ spaceId, environmentId, assetId, locale }) => {
        const asset = await storage.repos.assets.find(spaceId, environmentId, assetId);
        const parsed = asset && parseFile(asset.fields.file?.[locale], locale);
        return asset && parsed && 'file' in parsed ? { version: asset.version, file: parsed.file } : undefined;
    };
    async function obtain(payload, file) {
        const { source } = file;
        if (source.kind === 'upload') {
            const upload = await storage.repos.uploads.find(payload.spaceId, source.uploadId);
            if (!upload)
                throw new PermanentJobError(`The upload "${source.uploadId}" no longer exists.`);
            return { sha256: upload.sha256, size: upload.size, uploadId: upload.id, path: store.uploadPath(upload.id), temporary: false };
        }
        if (source.kind !== 'url')
            throw new Error('nothing to obtain');
        if (!options.fetchRemoteFiles)
            throw new PermanentJobError('Fetching files from URLs is disabled on this server.');
        const fetched = await fetchToStore(store, source.url, options.maxBytes);
        return { sha256: fetched.sha256, size: fetched.size, uploadId: undefined, path: fetched.path, temporary: true };
    }
    const processedFile = (payload, file, stored, fileKey, image) => ({
        contentType: file.contentType,
        fileName: file.fileName,
        url: fileUrl(image ? payload.imagesBaseUrl : payload.assetsBaseUrl, payload.spaceId, payload.assetId, fileKey, file.fileName),
        details: { size: stored.size, ...(image ? { image } : {}) },
    });
    /**
     * Writes the URL, the asset file row and the blob in one transaction, under the blob's lock that the collection of
     * unused files also takes: the blob is on disk and recorded when the URL that needs it is committed.
     */
    async function apply(payload, file, stored) {
        const image = file.contentType.startsWith('image/') ? await probeImage(stored.path) : undefined;
        const fileKey = stored.sha256.slice(0, 32);
        const result = processedFile(payload, file, stored, fileKey, image);
        for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt += 1) {
            const now = await current(payload);
            if (!now || !sameSource(now.file, file))
                return; // deleted, or the file was replaced meanwhile
            const applied = await storage.transaction(async (repos) => {
                const updated = await repos.assets.updateFile(payload.spaceId, payload.environmentId, payload.assetId, payload.locale, result, now.version);
                if (!updated)
                    return false;
                await repos.uploads.saveAssetFile({
                    spaceId: payload.spaceId, assetId: payload.assetId, fileKey, sha256: stored.sha256, contentType: file.contentType,
                    size: stored.size, width: image?.width ?? null, height: image?.height ?? null,
                });
                await repos.uploads.lockBlob(stored.sha256);
                await store.adoptBlob(stored.sha256, stored.path);
                if (stored.uploadId)
                    await repos.uploads.markProcessed(payload.spaceId, stored.uploadId);
                return true;
            });
            if (applied)
                return;
        }
        throw new Error(`The asset ${payload.assetId} kept changing while its ${payload.locale} file was applied.`);
    }
    return {
        async run(payload) {
            const start = await current(payload);
            if (!start || start.file.source.kind === 'processed')
                return;
            const stored = await obtain(payload, start.file);
            try {
                // The copy happens here, outside any transaction; under the lock below it is then a check (or a redo after a collection).
                await store.adoptBlob(stored.sha256, stored.path);
                await apply(payload, start.file, stored);
            }
            finally {
                if (stored.temporary)
                    await store.discard(stored.path);
            }
        },
    };
}
