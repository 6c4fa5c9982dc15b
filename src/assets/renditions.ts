import { createHash } from 'node:crypto';
import type { FileStore } from './file-store.ts';
import { normalizeParams, type ImageFormat, type ImageParams } from './image-params.ts';
import { transformImage } from './image-transform.ts';

export const FORMAT_TYPES: Record<ImageFormat, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Transformed images, cached on disk by (source file, normalized parameters) and removed with their source blob: the
 * first request renders, later ones read the file. Concurrent first requests may both render; each writes
 * atomically, so either result stands.
 */
export function renditions(store: FileStore) {
  return async function rendition(sha256: string, params: ImageParams, format: ImageFormat): Promise<{ path: string; contentType: string; key: string }> {
    const key = createHash('sha256').update(`${sha256}?${normalizeParams(params, format)}`).digest('hex');
    const path = store.renditionPath(sha256, key);
    if ((await store.size(path)) === undefined) await store.saveRendition(sha256, key, await transformImage(store.blobPath(sha256), params, format));
    return { path, contentType: FORMAT_TYPES[format], key };
  };
}

export type Rendition = ReturnType<typeof renditions>;
