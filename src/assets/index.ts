import type pg from 'pg';
import type { Config } from '../config.ts';
import { ASSET_PROCESSING_JOB } from '../domain/uploads/asset-processing-service.ts';
import { scheduleUploadExpiry, UPLOAD_EXPIRY_JOB, uploadExpiryJob } from '../domain/uploads/upload-expiry-job.ts';
import type { ServiceOptions } from '../domain/index.ts';
import type { JobRunner } from '../jobs/index.ts';
import type { Storage } from '../storage/port/index.ts';
import { ASSET_FILES_GC_JOB } from '../domain/uploads/asset-files-gc.ts';
import { assetFilesGcJob } from './asset-files-gc-job.ts';
import { assetProcessingJob } from './asset-processing-job.ts';
import { FileStore } from './file-store.ts';
import { publishedFiles } from './published-files.ts';
import { DEFAULT_ASSETS_PATH, DEFAULT_IMAGES_PATH, mountPath, PublicUrls } from './public-urls.ts';
import { renditions } from './renditions.ts';
import { createRenditionBudget } from './rendition-budget.ts';
import { RenditionCache } from './rendition-cache.ts';
import { setSharpThreads } from './sharp-loader.ts';
import { threadsPerTransform, TransformSlots } from './transform-slots.ts';

export interface AssetFilesOptions {
  /** The PostgreSQL pool, when there is one: the rendition budget then lives in the database, shared by every process. */
  pool?: pg.Pool;
  /** A background failure (a rendition cache sweep). */
  onError?: (error: unknown) => void;
}

/** How often unused uploads are swept. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Uploads, asset files and their hosts over one files directory: the options the domain services need, the jobs
 * (processing, and the upload expiry sweep), and what the public file hosts serve.
 */
export function createAssetFiles(config: Config, storage: Storage, options: AssetFilesOptions = {}) {
  const store = new FileStore(config.filesDir);
  const transforms = new TransformSlots(config.imageTransformConcurrency, config.imageTransformQueue);
  setSharpThreads(threadsPerTransform(config.imageTransformConcurrency));
  const renditionCache = new RenditionCache(store, {
    maxBytes: config.imageCacheMb * 1024 * 1024,
    onError: options.onError,
  });
  const budget = createRenditionBudget(config.imageRenditionsPerMinute, options.pool);
  const urls = new PublicUrls(config);
  return {
    store,
    /** This server's public file URLs (told the listening address by the composition root). */
    urls,
    /** The image host's limits (diagnostics and tests). */
    images: { transforms, renditionCache, budget },
    serviceOptions: {
      uploads: { files: store, maxBytes: config.uploadMaxBytes },
      assetProcessing: { fetchRemoteFiles: config.fetchRemoteFiles, fileBaseUrls: () => urls.fileBases() },
    } satisfies ServiceOptions,
    hosts: {
      assetsPath: mountPath(config.assetsBaseUrl, DEFAULT_ASSETS_PATH),
      imagesPath: mountPath(config.imagesBaseUrl, DEFAULT_IMAGES_PATH),
      imagesHost: config.imagesBaseUrl ? new URL(config.imagesBaseUrl).host : undefined,
      find: publishedFiles(storage, store),
      rendition: renditions(store, { budget, slots: transforms, cache: renditionCache }),
      vendorHeaderPrefix: config.vendor.headerPrefix,
    },
    async registerJobs(jobs: JobRunner) {
      jobs.register(
        ASSET_PROCESSING_JOB,
        assetProcessingJob(storage, store, {
          maxBytes: config.uploadMaxBytes,
          fetchRemoteFiles: config.fetchRemoteFiles,
        }),
      );
      jobs.register(ASSET_FILES_GC_JOB, assetFilesGcJob(storage, store));
      jobs.register(UPLOAD_EXPIRY_JOB, uploadExpiryJob(storage, store, { intervalMs: UPLOAD_SWEEP_INTERVAL_MS }));
      await scheduleUploadExpiry(storage);
    },
    /** Test servers remove their temporary files directory when they stop. */
    async close() {
      await renditionCache.idle();
      if (config.nodeEnv === 'test' && /[\\/]tessera-files-[0-9a-f]{12}$/.test(config.filesDir)) await store.destroy();
    },
  };
}

export type AssetFiles = ReturnType<typeof createAssetFiles>;
