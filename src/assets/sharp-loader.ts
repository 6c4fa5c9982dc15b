import type SharpFactory from 'sharp';

let loaded: Promise<typeof SharpFactory> | undefined;
let threadsPerImage: number | undefined;

/** sharp (libvips) is loaded on the first image operation: a server that handles no image never pays its memory. */
export const loadSharp = (): Promise<typeof SharpFactory> =>
  (loaded ??= import('sharp').then((m) => {
    if (threadsPerImage) m.default.concurrency(threadsPerImage);
    return m.default;
  }));

/** libvips threads per image (sharp's `concurrency`, process-wide), applied now or when sharp loads. */
export function setSharpThreads(threads: number): void {
  threadsPerImage = threads;
  void loaded?.then((sharp) => sharp.concurrency(threads));
}
