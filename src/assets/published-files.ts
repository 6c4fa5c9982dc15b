import type { Storage } from '../storage/port/index.ts';
import type { FileStore } from './file-store.ts';
import { fileUrlSegments } from './public-urls.ts';

/** The bytes behind a public file URL, with what the response needs to describe them. */
export interface PublishedFile {
  path: string;
  sha256: string;
  size: number;
  contentType: string;
  /** Whether processing measured it as an image (only images are transformed). */
  isImage: boolean;
}

/** File keys are the first 32 hex digits of the file's sha256. */
export const FILE_KEY = /^[0-9a-f]{32}$/;

/**
 * Finds the file at `/{space}/{asset}/{fileKey}/{fileName}` if, and only if, the asset is published (in any
 * environment of the space) with that very URL in some locale: an unpublished, archived or deleted asset, or an
 * older file of a republished asset, is not served.
 */
export function publishedFiles(storage: Storage, store: FileStore) {
  return async function find(
    spaceId: string,
    assetId: string,
    fileKey: string,
    fileName: string,
  ): Promise<PublishedFile | undefined> {
    if (!FILE_KEY.test(fileKey)) return undefined;
    const record = await storage.repos.uploads.findAssetFile(spaceId, assetId, fileKey);
    if (!record) return undefined;
    const wanted = [spaceId, assetId, fileKey, fileName].join('/');
    const published = (await storage.repos.uploads.publishedFiles(spaceId, assetId)).find(
      (file) => typeof file.url === 'string' && fileUrlSegments(file.url)?.join('/') === wanted,
    );
    if (!published) return undefined;
    const path = store.blobPath(record.sha256);
    const size = await store.size(path);
    if (size === undefined) return undefined;
    return {
      path,
      sha256: record.sha256,
      size,
      contentType:
        typeof published.contentType === 'string' && published.contentType ? published.contentType : record.contentType,
      isImage: record.width !== null,
    };
  };
}

export type FindPublishedFile = ReturnType<typeof publishedFiles>;
