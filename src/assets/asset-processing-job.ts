import { contentWrites } from '../domain/content-writes/index.ts';
import type { AssetProcessingPayload } from '../domain/uploads/asset-processing-service.ts';
import { parseFile, sameSource, type ParsedFile } from '../domain/uploads/file-source.ts';
import { PermanentJobError, type JobHandler } from '../jobs/job-handler.ts';
import type { Storage } from '../storage/port/index.ts';
import type { FileStore } from './file-store.ts';
import { probeImage, type ImageSize } from './image-probe.ts';
import { fileUrl } from './public-urls.ts';
import { fetchToStore } from './url-fetch.ts';

export interface AssetProcessingJobOptions {
  maxBytes: number;
  fetchRemoteFiles: boolean;
}

/** Attempts to apply a result while other locales of the same asset land their own version bumps. */
const APPLY_ATTEMPTS = 20;

/** Bytes ready to become a blob: an upload's file, or a fetched file (`temporary`, discarded when the job ends). */
interface StoredFile {
  sha256: string;
  size: number;
  uploadId: string | undefined;
  path: string;
  temporary: boolean;
}

/**
 * Takes one locale's bytes (from its upload or its URL) into the content-addressed store, measures them and writes
 * `url` and `details` into `fields.file.<locale>` with version + 1. The write is conditional on the version read
 * just before and on the locale still naming the same source, so parallel locales never overwrite each other and
 * a file replaced meanwhile is left alone. Idempotent: a locale already processed is skipped.
 */
export function assetProcessingJob(
  storage: Storage,
  store: FileStore,
  options: AssetProcessingJobOptions,
): JobHandler<AssetProcessingPayload> {
  const writes = contentWrites(storage).assets;
  const current = async ({ spaceId, environmentId, assetId, locale }: AssetProcessingPayload) => {
    const asset = await storage.repos.assets.find(spaceId, environmentId, assetId);
    const parsed = asset && parseFile(asset.fields.file?.[locale], locale);
    return asset && parsed && 'file' in parsed ? { version: asset.version, file: parsed.file } : undefined;
  };

  async function obtain(payload: AssetProcessingPayload, file: ParsedFile): Promise<StoredFile> {
    const { source } = file;
    if (source.kind === 'upload') {
      const upload = await storage.repos.uploads.find(payload.spaceId, source.uploadId);
      if (!upload) throw new PermanentJobError(`The upload "${source.uploadId}" no longer exists.`);
      return {
        sha256: upload.sha256,
        size: upload.size,
        uploadId: upload.id,
        path: store.uploadPath(upload.id),
        temporary: false,
      };
    }
    if (source.kind !== 'url') throw new Error('nothing to obtain');
    if (!options.fetchRemoteFiles) throw new PermanentJobError('Fetching files from URLs is disabled on this server.');
    const fetched = await fetchToStore(store, source.url, options.maxBytes);
    return { sha256: fetched.sha256, size: fetched.size, uploadId: undefined, path: fetched.path, temporary: true };
  }

  const processedFile = (
    payload: AssetProcessingPayload,
    file: ParsedFile,
    stored: StoredFile,
    fileKey: string,
    image: ImageSize | undefined,
  ) => ({
    contentType: file.contentType,
    fileName: file.fileName,
    url: fileUrl(
      image ? payload.imagesBaseUrl : payload.assetsBaseUrl,
      payload.spaceId,
      payload.assetId,
      fileKey,
      file.fileName,
    ),
    details: { size: stored.size, ...(image ? { image } : {}) },
  });

  /**
   * Writes the URL, the asset file row and the blob through the domain's write of a processed file (one transaction,
   * under the blob's lock): the blob is on disk and recorded when the URL that needs it is committed. When the asset
   * moved on meanwhile, nothing is written and the loop reads it again.
   */
  async function apply(payload: AssetProcessingPayload, file: ParsedFile, stored: StoredFile): Promise<void> {
    const image = file.contentType.startsWith('image/') ? await probeImage(stored.path) : undefined;
    const fileKey = stored.sha256.slice(0, 32);
    const result = processedFile(payload, file, stored, fileKey, image);
    // The save's event names the environment as the request that asked for the processing did (an alias).
    const { requestedEnvironmentId } = payload;
    const change = requestedEnvironmentId === undefined ? {} : { requestedEnvironmentId };
    for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt += 1) {
      const now = await current(payload);
      if (!now || !sameSource(now.file, file)) return; // deleted, or the file was replaced meanwhile
      const applied = await writes.saveProcessedFile(
        change,
        {
          spaceId: payload.spaceId,
          environmentId: payload.environmentId,
          assetId: payload.assetId,
          locale: payload.locale,
          assetFile: {
            spaceId: payload.spaceId,
            assetId: payload.assetId,
            fileKey,
            sha256: stored.sha256,
            contentType: file.contentType,
            size: stored.size,
            width: image?.width ?? null,
            height: image?.height ?? null,
          },
          value: result,
          expectedVersion: now.version,
          uploadId: stored.uploadId,
        },
        () => store.adoptBlob(stored.sha256, stored.path),
      );
      if (applied) return;
    }
    throw new Error(`The asset ${payload.assetId} kept changing while its ${payload.locale} file was applied.`);
  }

  return {
    async run(payload) {
      const start = await current(payload);
      if (!start || start.file.source.kind === 'processed') return;
      const stored = await obtain(payload, start.file);
      try {
        // The copy happens here, outside any transaction; under the lock below it is then a check (or a redo after a collection).
        await store.adoptBlob(stored.sha256, stored.path);
        await apply(payload, start.file, stored);
      } finally {
        if (stored.temporary) await store.discard(stored.path);
      }
    },
  };
}
