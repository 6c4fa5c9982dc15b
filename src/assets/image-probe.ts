import { loadSharp } from './sharp-loader.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/** The displayed size of an image file (EXIF orientation applied), or undefined when it is not an image sharp reads. */
export async function probeImage(file: string): Promise<ImageSize | undefined> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(file).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
