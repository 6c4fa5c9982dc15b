import type SharpFactory from 'sharp';

let loaded: Promise<typeof SharpFactory> | undefined;

/** sharp (libvips) is loaded on the first image operation: a server that handles no image never pays its memory. */
export const loadSharp = (): Promise<typeof SharpFactory> => (loaded ??= import('sharp').then((m) => m.default));
