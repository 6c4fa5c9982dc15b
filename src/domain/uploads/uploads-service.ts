import { AppError, badRequest, notFound } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { Storage, UploadRecord } from '../../storage/port/index.ts';
import type { ResolveEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { IncompleteBodyError, SizeLimitError, type IncomingBody, type UploadFiles } from './upload-files.ts';

/** An upload unused this long after it was received is deleted. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** An upload and the environment id the client named, if any (an alias id stays an alias id). */
export interface UploadView {
  upload: UploadRecord;
  environmentId: string | undefined;
}

export interface UploadsOptions {
  files: UploadFiles | undefined;
  maxBytes: number;
}

const MB = 1024 * 1024;
const EMPTY_BODY = 'The "Content-Length" header must be greater than 0';

export const tooLarge = (maxBytes: number) =>
  new AppError(
    'PayloadTooLarge',
    `The upload is larger than the maximum of ${maxBytes} bytes${maxBytes >= MB ? ` (${Math.floor(maxBytes / MB)} MB)` : ''}. Nothing was stored.`,
    { maxBytes },
  );

/** Uploads of a space, reached through an environment path or the path without one. */
export function uploadsService(storage: Storage, resolve: ResolveEnvironment, options: UploadsOptions) {
  const files = () => options.files ?? Promise.reject(new Error('uploads need a file store'));

  async function receive(id: string, body: IncomingBody) {
    try {
      return await (await files()).receiveUpload(id, body.stream, options.maxBytes);
    } catch (error) {
      if (error instanceof SizeLimitError) throw tooLarge(options.maxBytes);
      if (error instanceof IncompleteBodyError) throw badRequest(error.message);
      throw error;
    }
  }

  return {
    /** Streams the body into the file store, then records the upload; a failure at any step keeps nothing. */
    async create(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      body: IncomingBody,
    ): Promise<UploadView> {
      await resolve(spaceId, environmentId);
      if (body.declaredLength === 0) throw badRequest(EMPTY_BODY);
      if (body.declaredLength !== undefined && body.declaredLength > options.maxBytes) throw tooLarge(options.maxBytes);
      const id = generateId();
      const written = await receive(id, body);
      try {
        if (written.size === 0) throw badRequest(EMPTY_BODY);
        const upload = await storage.repos.uploads.insert({
          spaceId,
          id,
          sha256: written.sha256,
          size: written.size,
          createdBy: actorId(actor),
        });
        return { upload, environmentId };
      } catch (error) {
        await (await files()).removeUpload(id);
        throw error;
      }
    },

    async get(actor: Actor, spaceId: string, environmentId: string | undefined, uploadId: string): Promise<UploadView> {
      await resolve(spaceId, environmentId);
      const upload = await storage.repos.uploads.find(spaceId, uploadId);
      if (!upload) throw notFound('Upload', uploadId, { space: spaceId });
      return { upload, environmentId };
    },

    /** Hard delete: the row, then the bytes. Assets processed from the upload keep their own copy. */
    async delete(actor: Actor, spaceId: string, environmentId: string | undefined, uploadId: string): Promise<void> {
      await resolve(spaceId, environmentId);
      const upload = await storage.repos.uploads.delete(spaceId, uploadId);
      if (!upload) throw notFound('Upload', uploadId, { space: spaceId });
      await (await files()).removeUpload(upload.id);
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
