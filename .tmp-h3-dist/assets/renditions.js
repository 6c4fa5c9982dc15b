import { createHash } from 'node:crypto';
import { normalizeParams } from "./image-params.js";
import { transformImage } from "./image-transform.js";
export const FORMAT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/**
 * Transformed images, cached on disk by (source file, normalized parameters): the first request renders, later
 * ones read the file. Concurrent first requests may both render; each writes atomically, so either result stands.
 */
export function renditions(store) {
    return async function rendition(sha256, params, format) {
        const key = createHash('sha256').update(`${sha256}?${normalizeParams(params, format)}`).digest('hex');
        const path = store.renditionPath(key);
        if ((await store.size(path)) === undefined)
            await store.saveRendition(key, await transformImage(store.blobPath(sha256), params, format));
        return { path, contentType: FORMAT_TYPES[format], key };
    };
}
