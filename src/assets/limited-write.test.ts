import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IncompleteBodyError, SizeLimitError } from '../domain/uploads/upload-files.ts';
import { writeLimited } from './limited-write.ts';

describe('writeLimited', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'limited-write-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes, counts and hashes a stream', async () => {
    const chunks = [Buffer.from('hello '), Buffer.from('world')];
    const target = path.join(dir, 'ok');
    expect(await writeLimited(Readable.from(chunks), target, 11)).toEqual({
      size: 11,
      sha256: createHash('sha256').update('hello world').digest('hex'),
    });
    expect(readFileSync(target, 'utf8')).toBe('hello world');
  });

  it('stops past the limit, removes the partial file and drains the source instead of destroying it', async () => {
    const source = new PassThrough();
    const target = path.join(dir, 'big');
    const written = writeLimited(source, target, 10);
    source.write(Buffer.alloc(8));
    source.write(Buffer.alloc(8));
    await expect(written).rejects.toBeInstanceOf(SizeLimitError);
    expect(existsSync(target)).toBe(false);
    expect(source.destroyed).toBe(false);
    const ended = new Promise((r) => source.once('end', r));
    source.end(Buffer.alloc(100));
    await ended; // the rest was read and discarded
  });

  it('fails without a file when the source closes before its end', async () => {
    const source = new PassThrough();
    const target = path.join(dir, 'cut');
    const written = writeLimited(source, target, 100);
    source.write(Buffer.alloc(5));
    source.destroy();
    await expect(written).rejects.toBeInstanceOf(IncompleteBodyError);
    expect(existsSync(target)).toBe(false);
  });
});
