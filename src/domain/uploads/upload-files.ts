import type { Readable } from 'node:stream';

/** A body went past the byte limit; nothing of it was kept. */
export class SizeLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file exceeds the maximum size of ${maxBytes} bytes.`);
    this.name = 'SizeLimitError';
  }
}

/** The body ended before it was complete (the client went away). */
export class IncompleteBodyError extends Error {
  constructor() {
    super('The request body ended before it was complete.');
    this.name = 'IncompleteBodyError';
  }
}

/** A request body still on the wire: read it once, as a stream. */
export interface IncomingBody {
  /** The Content-Length the client declared, when it declared one. */
  readonly declaredLength: number | undefined;
  readonly stream: Readable;
}

/** Where upload bytes go (the file store). A failed receive keeps nothing. */
export interface UploadFiles {
  receiveUpload(uploadId: string, body: Readable, maxBytes: number): Promise<{ size: number; sha256: string }>;
  removeUpload(uploadId: string): Promise<void>;
}
