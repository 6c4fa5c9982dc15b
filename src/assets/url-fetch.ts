import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SizeLimitError } from '../domain/uploads/upload-files.ts';
import { PermanentJobError } from '../jobs/job-handler.ts';
import type { FileStore } from './file-store.ts';

const FETCH_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Fetches an asset's `upload` URL into a temporary file of the store. A 4xx answer or a body over the limit
 * cannot be cured by retrying (PermanentJobError); network failures and 5xx answers can.
 */
export async function fetchToStore(store: FileStore, url: string, maxBytes: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(url, { redirect: 'follow', signal: controller.signal });
    if (response.status >= 400 && response.status < 500)
      throw new PermanentJobError(`Fetching ${url} answered ${response.status}.`);
    if (!response.ok || !response.body) throw new Error(`Fetching ${url} answered ${response.status}.`);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) throw new PermanentJobError(`The file at ${url} is larger than ${maxBytes} bytes.`);
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    try {
      return await store.receiveTemp(body, maxBytes);
    } catch (error) {
      if (error instanceof SizeLimitError)
        throw new PermanentJobError(`The file at ${url} is larger than ${maxBytes} bytes.`);
      throw error;
    } finally {
      body.destroy();
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
