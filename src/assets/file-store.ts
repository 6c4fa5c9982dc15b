import { randomBytes } from 'node:crypto';
import { copyFile, link, lstat, mkdir, readdir, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeLimited, type WrittenFile } from './limited-write.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';
const exists = (file: string) =>
  stat(file).then(
    () => true,
    (error) => (isMissing(error) ? false : Promise.reject(error)),
  );

/** What the rendition cache knows of one rendition file; `atimeMs` is when it was last used. */
export interface RenditionFile {
  path: string;
  size: number;
  atimeMs: number;
  mtimeMs: number;
}

const RENDITION_KEY = /^[0-9a-f]{64}$/;

/** The path parts of what is stored per blob: a two-digit prefix directory, then the hash. */
function byHash(sha256: string): [string, string] {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return [sha256.slice(0, 2), sha256];
}

/**
 * The files directory:
 * - `uploads/<uploadId>`: the bytes of an upload, deleted with the upload;
 * - `blobs/<aa>/<sha256>`: content-addressed asset files, written once and never changed;
 * - `renditions/<aa>/<sha256>/<key>`: transformed images of a blob, a cache that may be emptied at any time and
 *   goes with its blob;
 * - `tmp/`: files being written, renamed into place when complete.
 */
export class FileStore {
  constructor(readonly root: string) {}

  private dir(...parts: string[]): string {
    return path.join(this.root, ...parts);
  }

  private async tempFile(): Promise<string> {
    await mkdir(this.dir('tmp'), { recursive: true });
    return this.dir('tmp', `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  uploadPath(uploadId: string): string {
    return this.dir('uploads', uploadId);
  }

  /** Streams an upload body into place; over `maxBytes` (or on any failure) nothing is kept. */
  async receiveUpload(uploadId: string, body: Readable, maxBytes: number): Promise<WrittenFile> {
    const temp = await this.tempFile();
    const written = await writeLimited(body, temp, maxBytes);
    await mkdir(this.dir('uploads'), { recursive: true });
    await rename(temp, this.uploadPath(uploadId));
    return written;
  }

  async removeUpload(uploadId: string): Promise<void> {
    await rm(this.uploadPath(uploadId), { force: true });
  }

  /** Upload files with their age, for the sweep that removes files whose upload row is gone. */
  async listUploads(): Promise<Array<{ id: string; modifiedMs: number }>> {
    const names = await readdir(this.dir('uploads')).catch((error) => (isMissing(error) ? [] : Promise.reject(error)));
    const listed = await Promise.all(
      names.map(async (id) => ({ id, modifiedMs: (await stat(this.uploadPath(id)).catch(() => undefined))?.mtimeMs })),
    );
    return listed.filter((f): f is { id: string; modifiedMs: number } => f.modifiedMs !== undefined);
  }

  /** Removes temporary files older than `olderThanMs` (left by a process that stopped mid-write). */
  async sweepTemp(olderThanMs: number): Promise<void> {
    const names = await readdir(this.dir('tmp')).catch((error) => (isMissing(error) ? [] : Promise.reject(error)));
    for (const name of names) {
      const file = this.dir('tmp', name);
      const info = await stat(file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(file, { force: true });
    }
  }

  blobPath(sha256: string): string {
    return this.dir('blobs', ...byHash(sha256));
  }

  /** Makes the bytes of `source` (whose hash is `sha256`) a blob: a hard link where possible, else a copy. */
  async adoptBlob(sha256: string, source: string): Promise<void> {
    const target = this.blobPath(sha256);
    if (await exists(target)) return;
    await mkdir(path.dirname(target), { recursive: true });
    const temp = await this.tempFile();
    await link(source, temp).catch(() => copyFile(source, temp));
    await rename(temp, target);
  }

  /** The sha256 of every blob on disk. */
  async listBlobs(): Promise<string[]> {
    const list = (dir: string) => readdir(dir).catch((error) => (isMissing(error) ? [] : Promise.reject(error)));
    const hashes: string[] = [];
    for (const prefix of await list(this.dir('blobs'))) {
      for (const name of await list(this.dir('blobs', prefix))) if (/^[0-9a-f]{64}$/.test(name)) hashes.push(name);
    }
    return hashes;
  }

  /** Removes a blob no asset file uses any more, then its renditions (the caller holds its lock). */
  async removeBlob(sha256: string): Promise<void> {
    await rm(this.blobPath(sha256), { force: true });
    await rm(this.renditionsDir(sha256), { recursive: true, force: true });
  }

  /** Streams a body into a temporary file (for fetched URLs); the caller adopts or discards it. */
  async receiveTemp(body: Readable, maxBytes: number): Promise<WrittenFile & { path: string }> {
    const temp = await this.tempFile();
    return { ...(await writeLimited(body, temp, maxBytes)), path: temp };
  }

  async discard(file: string): Promise<void> {
    await unlink(file).catch(() => undefined);
  }

  private renditionsDir(sha256: string): string {
    return this.dir('renditions', ...byHash(sha256));
  }

  renditionPath(sha256: string, key: string): string {
    return path.join(this.renditionsDir(sha256), key);
  }

  /**
   * Stores a rendition of a blob atomically: readers see the whole file or none. A rendition rendered while its blob
   * was being removed is removed again: the blob goes before its renditions, so either that removal or this check sees it.
   */
  async saveRendition(sha256: string, key: string, bytes: Buffer): Promise<void> {
    const target = this.renditionPath(sha256, key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = await this.tempFile();
    await writeFile(temp, bytes);
    await rename(temp, target);
    if (!(await exists(this.blobPath(sha256)))) await rm(target, { force: true });
  }

  /** The rendition at `file` with its size and use time, or undefined when there is none. */
  async renditionFile(file: string): Promise<RenditionFile | undefined> {
    const info = await stat(file).catch((error) => (isMissing(error) ? undefined : Promise.reject(error)));
    return info && { path: file, size: info.size, atimeMs: info.atimeMs, mtimeMs: info.mtimeMs };
  }

  /**
   * Marks a rendition used now through its access time; the modification time (the `Last-Modified` it is served
   * with) stays. Explicit, so it holds on file systems mounted `noatime` too. False when the file is gone.
   */
  async markUsed(file: RenditionFile): Promise<boolean> {
    return utimes(file.path, Date.now() / 1000, file.mtimeMs / 1000).then(
      () => true,
      (error) => (isMissing(error) ? false : Promise.reject(error)),
    );
  }

  /**
   * Every rendition file (`renditions/<aa>/<sha256>/<key>`, regular files only) with its size and use time. Blobs,
   * uploads and temporary files are never listed. Directories that vanish meanwhile (their blob was collected) are skipped.
   */
  async listRenditions(): Promise<RenditionFile[]> {
    const list = (dir: string) =>
      readdir(dir).catch((error) => (isMissing(error) || error?.code === 'ENOTDIR' ? [] : Promise.reject(error)));
    const files: RenditionFile[] = [];
    for (const prefix of await list(this.dir('renditions'))) {
      for (const sha256 of await list(this.dir('renditions', prefix))) {
        if (!/^[0-9a-f]{64}$/.test(sha256) || sha256.slice(0, 2) !== prefix) continue;
        for (const key of await list(this.dir('renditions', prefix, sha256))) {
          if (!RENDITION_KEY.test(key)) continue;
          const file = this.dir('renditions', prefix, sha256, key);
          const info = await lstat(file).catch(() => undefined);
          if (info?.isFile()) files.push({ path: file, size: info.size, atimeMs: info.atimeMs, mtimeMs: info.mtimeMs });
        }
      }
    }
    return files;
  }

  /**
   * Evicts a listed rendition unless it was used after it was listed (another request or process marked it meanwhile).
   * Only files under `renditions/` with a rendition key are ever removed. True when it is gone now.
   */
  async evictRendition(file: RenditionFile): Promise<boolean> {
    const relative = path.relative(this.dir('renditions'), file.path).split(path.sep);
    if (relative.length !== 3 || relative[0].startsWith('..') || !RENDITION_KEY.test(relative[2]))
      throw new Error(`not a rendition: ${file.path}`);
    const now = await this.renditionFile(file.path);
    if (now && now.atimeMs > file.atimeMs) return false;
    await rm(file.path, { force: true });
    return true;
  }

  async size(file: string): Promise<number | undefined> {
    return (await stat(file).catch((error) => (isMissing(error) ? undefined : Promise.reject(error))))?.size;
  }

  /** Removes the whole directory (temporary test directories). */
  async destroy(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
