import { validationFailed, notFound, versionMismatch } from "../../errors/index.js";
import { announceJobs } from "../../jobs/job-signal.js";
import { parseFile } from "./file-source.js";
/** The durable job that turns one locale's upload into a served file. */
export const ASSET_PROCESSING_JOB = 'asset.process';
/** Where the asset and image hosts live on this server when no base URL of their own is configured. */
export const DEFAULT_ASSETS_PATH = '/assets';
export const DEFAULT_IMAGES_PATH = '/images';
/**
 * `PUT .../assets/{id}/files/{locale}/process`: checks the asset, its version and the locale's file, then queues
 * the work. The version is not bumped here, so parallel calls for several locales with the same version all pass;
 * each locale's result is applied atomically (version + 1) when its job finishes. `origin` is where the request
 * reached this server: file URLs on the default hosts are built from it.
 */
export function assetProcessingService(storage, resolve, options) {
    return {
        async process(actor, spaceId, environmentId, assetId, locale, version, origin) {
            const { environment, requestedId } = await resolve(actor, spaceId, environmentId);
            const asset = await storage.repos.assets.find(environment.spaceId, environment.id, assetId);
            if (!asset)
                throw notFound('Asset', assetId, { space: spaceId, environment: requestedId });
            if (version === undefined || version !== asset.version)
                throw versionMismatch(asset.version, version);
            const parsed = parseFile(asset.fields.file?.[locale], locale);
            if ('problems' in parsed)
                throw validationFailed(parsed.problems);
            const { source } = parsed.file;
            if (source.kind === 'processed')
                return;
            const path = ['fields', 'file', locale];
            if (source.kind === 'upload' && !(await storage.repos.uploads.find(environment.spaceId, source.uploadId))) {
                throw validationFailed([{
                        name: 'notResolvable', path: [...path, 'uploadFrom'], link: { type: 'Link', linkType: 'Upload', id: source.uploadId },
                        details: `The upload "${source.uploadId}" does not exist in this space (deleted, expired or never created).`,
                    }]);
            }
            if (source.kind === 'url' && !options.fetchRemoteFiles) {
                throw validationFailed([{
                        name: 'unsupported', path: [...path, 'upload'], value: source.url,
                        details: 'This server does not fetch files from URLs (TESSERA_FETCH_REMOTE_FILES is off). Upload the file and link it with "uploadFrom".',
                    }]);
            }
            const payload = {
                spaceId: environment.spaceId, environmentId: environment.id, assetId, locale,
                assetsBaseUrl: options.assetsBaseUrl ?? `${origin}${DEFAULT_ASSETS_PATH}`,
                imagesBaseUrl: options.imagesBaseUrl ?? `${origin}${DEFAULT_IMAGES_PATH}`,
            };
            await storage.repos.jobs.enqueue(ASSET_PROCESSING_JOB, { ...payload });
            announceJobs(storage);
        },
    };
}
