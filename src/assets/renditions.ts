import { createHash } from 'node:crypto';
import type { FileStore } from './file-store.ts';
import { normalizeParams, type ImageFormat, type ImageParams } from './image-params.ts';
import { transformImage } from './image-transform.ts';
import type { RenditionBudget } from './rendition-budget.ts';
import type { RenditionCache } from './rendition-cache.ts';
import { RenditionRefused } from './rendition-refused.ts';
import type { TransformSlots } from './transform-slots.ts';

export const FORMAT_TYPES: Record<ImageFormat, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export interface RenditionLimits {
  /** New renditions per space per minute; undefined: unlimited. */
  budget: RenditionBudget | undefined;
  slots: TransformSlots;
  cache: RenditionCache;
  /** The transform itself (tests replace it). */
  transform?: typeof transformImage;
}

/**
 * Transformed images, cached on disk by (source file, normalized parameters) and removed with their source blob: the
 * first request renders, later ones read the file. A cached rendition is always served, without charge; a new one is
 * charged to the space's budget and waits for a transform slot. Concurrent first requests in this process share one
 * render; across processes both may render, and each writes atomically, so either result stands.
 */
export function renditions(store: FileStore, limits: RenditionLimits) {
  const transform = limits.transform ?? transformImage;
  const rendering = new Map<string, Promise<void>>();

  async function render(
    spaceId: string,
    sha256: string,
    key: string,
    params: ImageParams,
    format: ImageFormat,
  ): Promise<void> {
    await limits.budget?.charge(spaceId);
    let bytes: Buffer;
    try {
      bytes = await limits.slots.run(() => transform(store.blobPath(sha256), params, format));
    } catch (error) {
      if (error instanceof RenditionRefused) await limits.budget?.refund(spaceId);
      throw error;
    }
    await store.saveRendition(sha256, key, bytes);
    limits.cache.written(bytes.length);
  }

  return async function rendition(
    spaceId: string,
    sha256: string,
    params: ImageParams,
    format: ImageFormat,
  ): Promise<{ path: string; contentType: string; key: string }> {
    const key = createHash('sha256')
      .update(`${sha256}?${normalizeParams(params, format)}`)
      .digest('hex');
    const path = store.renditionPath(sha256, key);
    const cached = await store.renditionFile(path);
    if (!cached || !(await limits.cache.used(cached))) {
      let pending = rendering.get(path);
      if (!pending) {
        pending = render(spaceId, sha256, key, params, format).finally(() => rendering.delete(path));
        rendering.set(path, pending);
      }
      await pending;
    }
    return { path, contentType: FORMAT_TYPES[format], key };
  };
}

export type Rendition = ReturnType<typeof renditions>;
