import { validationFailed, notFound, versionMismatch } from '../../errors/index.ts';
import { announceJobs } from '../../jobs/job-signal.ts';
import type { Storage } from '../../storage/port/index.ts';
import { changeOf } from '../content-writes/index.ts';
import type { ResolveEnvironment } from '../environments/environment-resolver.ts';
import type { Actor } from '../shared/actor.ts';
import { docOf, requireFieldUpdates } from '../access/entity-access.ts';
import type { SpaceRights } from '../access/space-rights.ts';
import { parseFile } from './file-source.ts';

/** The durable job that turns one locale's upload into a served file. */
export const ASSET_PROCESSING_JOB = 'asset.process';

export interface AssetProcessingPayload {
  spaceId: string;
  environmentId: string;
  assetId: string;
  locale: string;
  /** The public base URLs of the file hosts when the work was queued; the file URL is built on one of them. */
  assetsBaseUrl: string;
  imagesBaseUrl: string;
  /** The alias id the request went through, if it did: the event of the processed file's save records it. */
  requestedEnvironmentId?: string;
}

export interface AssetProcessingOptions {
  fetchRemoteFiles: boolean;
  /** The public base URLs of the asset and image hosts, from configuration; unset: the quick start's own. */
  fileBaseUrls?: () => { assets: string; images: string };
}

const QUICK_START_BASES = { assets: 'http://localhost:8080/assets', images: 'http://localhost:8080/images' };

/**
 * How long after its request a locale's processing starts (ms). Its result moves the asset's version, after which a
 * call with the old version is refused: the wait lets parallel calls for the other locales arrive first, as the hosted
 * service's processing, which takes seconds, does.
 */
export const PROCESSING_START_DELAY_MS = 500;

/**
 * `PUT .../assets/{id}/files/{locale}/process`: checks the asset, its version and the locale's file, then queues
 * the work, to start PROCESSING_START_DELAY_MS later. The version is not bumped here, so parallel calls for several
 * locales with the same version all pass; each locale's result is applied atomically (version + 1) when its job
 * finishes. File URLs are built on the configured base URLs, never on the request's `Host`.
 */
export function assetProcessingService(storage: Storage, resolve: ResolveEnvironment, options: AssetProcessingOptions) {
  return {
    async process(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      assetId: string,
      locale: string,
      version: number | undefined,
    ): Promise<void> {
      const resolved = await resolve(spaceId, environmentId);
      const { environment, requestedId } = resolved;
      const asset = await storage.repos.assets.find(environment.spaceId, environment.id, assetId);
      const missing = () => notFound('Asset', assetId, { space: spaceId, environment: requestedId });
      if (!asset) throw missing();
      // Processing writes the file of one locale: an update of `fields.file.<locale>`.
      requireFieldUpdates(rights, docOf('Asset', asset), [{ field: 'file', locale }], missing);
      if (version === undefined || version !== asset.version) throw versionMismatch(asset.version, version);
      const parsed = parseFile(asset.fields.file?.[locale], locale);
      if ('problems' in parsed) throw validationFailed(parsed.problems);
      const { source } = parsed.file;
      if (source.kind === 'processed') return;
      const path = ['fields', 'file', locale];
      if (source.kind === 'upload' && !(await storage.repos.uploads.find(environment.spaceId, source.uploadId))) {
        throw validationFailed([
          {
            name: 'notResolvable',
            path: [...path, 'uploadFrom'],
            link: { type: 'Link', linkType: 'Upload', id: source.uploadId },
            details: `The upload "${source.uploadId}" does not exist in this space (deleted, expired or never created).`,
          },
        ]);
      }
      if (source.kind === 'url' && !options.fetchRemoteFiles) {
        throw validationFailed([
          {
            name: 'unsupported',
            path: [...path, 'upload'],
            value: source.url,
            details:
              'This server does not fetch files from URLs (TESSERA_FETCH_REMOTE_FILES is off). Upload the file and link it with "uploadFrom".',
          },
        ]);
      }
      const bases = options.fileBaseUrls?.() ?? QUICK_START_BASES;
      const { requestedEnvironmentId } = changeOf(resolved);
      const payload: AssetProcessingPayload = {
        spaceId: environment.spaceId,
        environmentId: environment.id,
        assetId,
        locale,
        assetsBaseUrl: bases.assets,
        imagesBaseUrl: bases.images,
        ...(requestedEnvironmentId === undefined ? {} : { requestedEnvironmentId }),
      };
      await storage.repos.jobs.enqueue(
        ASSET_PROCESSING_JOB,
        { ...payload },
        new Date(Date.now() + PROCESSING_START_DELAY_MS),
      );
      setTimeout(() => announceJobs(storage), PROCESSING_START_DELAY_MS).unref();
    },
  };
}

export type AssetProcessingService = ReturnType<typeof assetProcessingService>;
