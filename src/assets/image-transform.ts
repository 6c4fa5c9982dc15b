import type SharpFactory from 'sharp';
import type { Sharp } from 'sharp';
import { loadSharp } from './sharp-loader.ts';
import type { Focus, ImageFormat, ImageParams } from './image-params.ts';

/** Set by `transformImage` before any use. */
let sharp: typeof SharpFactory;

type Rgba = { r: number; g: number; b: number; alpha: number };

const rgba = (hex: string | undefined, fallback: Rgba): Rgba =>
  hex
    ? { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16), alpha: 1 }
    : fallback;
const WHITE: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT: Rgba = { r: 0, g: 0, b: 0, alpha: 0 };

const GRAVITY: Record<Exclude<Focus, 'face' | 'faces'>, string> = {
  center: 'centre',
  top: 'north',
  right: 'east',
  left: 'west',
  bottom: 'south',
  top_right: 'northeast',
  top_left: 'northwest',
  bottom_right: 'southeast',
  bottom_left: 'southwest',
};

/**
 * Where a cover crop keeps its focus. `face` and `faces` use sharp's attention strategy (the region with the
 * most luminance, saturation and skin tones), not face detection: no face detector ships with sharp.
 */
const coverPosition = (f: Focus | undefined): string | number =>
  f === 'face' || f === 'faces' ? sharp.strategy.attention : GRAVITY[f ?? 'center'];
const placedPosition = (f: Focus | undefined): string => (f === 'face' || f === 'faces' || !f ? 'centre' : GRAVITY[f]);

/** The top-left corner of a `cw` x `ch` window placed in a `w` x `h` image by a focus area. */
export function cropOrigin(
  f: Focus | undefined,
  w: number,
  h: number,
  cw: number,
  ch: number,
): { left: number; top: number } {
  const g = placedPosition(f);
  const left = g.includes('west') ? 0 : g.includes('east') ? w - cw : Math.floor((w - cw) / 2);
  const top = g.includes('north') ? 0 : g.includes('south') ? h - ch : Math.floor((h - ch) / 2);
  return { left, top };
}

function resize(image: Sharp, p: ImageParams, width: number, height: number, background: Rgba): Sharp {
  const { w, h } = p;
  if (!w && !h) return image;
  switch (p.fit) {
    case 'scale':
      return image.resize({ width: w, height: h, fit: w && h ? 'fill' : 'inside' });
    case 'fill':
    case 'thumb':
      return image.resize({ width: w, height: h, fit: 'cover', position: coverPosition(p.f) });
    case 'pad':
      return image.resize({ width: w, height: h, fit: 'contain', position: placedPosition(p.f), background });
    case 'crop': {
      const cw = Math.min(w ?? width, width);
      const ch = Math.min(h ?? height, height);
      return image.extract({ ...cropOrigin(p.f, width, height, cw, ch), width: cw, height: ch });
    }
    default:
      return image.resize({ width: w, height: h, fit: 'inside' });
  }
}

/** Rounded corners (or a circle/ellipse for -1) as an alpha mask over the finished size. */
async function round(input: Buffer, radius: number): Promise<Buffer> {
  const { width, height } = await sharp(input).metadata();
  const shape =
    radius < 0
      ? `<ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}"/>`
      : `<rect x="0" y="0" width="${width}" height="${height}" rx="${radius}" ry="${radius}"/>`;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shape}</svg>`,
  );
  return sharp(input)
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

function encode(image: Sharp, format: ImageFormat, p: ImageParams, background: Rgba): Sharp {
  switch (format) {
    case 'jpg':
      return image.flatten({ background }).jpeg({ quality: p.q ?? 80, progressive: p.fl === 'progressive' });
    case 'webp':
      return image.webp({ quality: p.q ?? 80 });
    default:
      return image.png(p.fl === 'png8' ? { palette: true, quality: p.q ?? 100 } : {});
  }
}

/** The source in displayed orientation, with its displayed size; re-oriented through raw pixels only when EXIF asks. */
async function oriented(input: string): Promise<{ image: () => Sharp; width: number; height: number }> {
  const meta = await sharp(input, { failOn: 'none' }).metadata();
  if (!meta.orientation || meta.orientation === 1)
    return { image: () => sharp(input, { failOn: 'none' }), width: meta.width, height: meta.height };
  const { data, info } = await sharp(input, { failOn: 'none' })
    .autoOrient()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return { image: () => sharp(data, { raw }), width: info.width, height: info.height };
}

/** Renders one image per the Images API parameters: resize strategy, focus, radius, background, format, quality. */
export async function transformImage(input: string, p: ImageParams, format: ImageFormat): Promise<Buffer> {
  sharp = await loadSharp();
  const source = await oriented(input);
  const fill = rgba(p.bg, format === 'jpg' ? WHITE : TRANSPARENT);
  let image = resize(source.image(), p, source.width, source.height, fill);
  if (p.r !== undefined && p.r !== 0) image = sharp(await round(await image.png().toBuffer(), p.r));
  return encode(image, format, p, rgba(p.bg, WHITE)).toBuffer();
}
