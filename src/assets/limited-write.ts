import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { IncompleteBodyError, SizeLimitError } from '../domain/uploads/upload-files.ts';

export interface WrittenFile {
  size: number;
  sha256: string;
}

/**
 * Streams `source` into a new file at `target`, counting and hashing on the way, never holding more than a chunk.
 * Past `maxBytes` the partial file is removed and the rest of the source is read and discarded rather than
 * destroyed, so an HTTP client still receives the error response. Any failure leaves no file behind.
 */
export function writeLimited(source: Readable, target: string, maxBytes: number): Promise<WrittenFile> {
  const hash = createHash('sha256');
  const out = createWriteStream(target, { flags: 'wx' });
  let size = 0;
  let settled = false;
  return new Promise<WrittenFile>((resolve, reject) => {
    const detach = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', fail);
      source.off('close', onClose);
    };
    function fail(error: Error) {
      if (settled) return;
      settled = true;
      detach();
      source.on('error', () => undefined); // a client that goes away while the rest drains is no failure of ours
      source.resume(); // discard the rest
      // The file may still be opening: remove it only once the stream has closed, or the open would recreate it.
      const remove = () => {
        unlink(target)
          .catch(() => undefined)
          .finally(() => reject(error));
      };
      if (out.closed) remove();
      else out.once('close', remove);
      out.destroy();
    }
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > maxBytes) return fail(new SizeLimitError(maxBytes));
      hash.update(chunk);
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => {
          if (!settled) source.resume();
        });
      }
    }
    function onEnd() {
      if (settled) return;
      detach();
      out.end((error?: Error | null) => {
        if (error) return fail(error);
        if (settled) return;
        settled = true;
        resolve({ size, sha256: hash.digest('hex') });
      });
    }
    function onClose() {
      if (!source.readableEnded) fail(new IncompleteBodyError());
    }
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', fail);
    source.once('close', onClose);
    out.once('error', fail);
  });
}
