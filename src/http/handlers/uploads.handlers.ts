import type { Services } from '../../domain/index.ts';
import { badRequest } from '../../errors/index.ts';
import { created, noContent, ok } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import { isIncomingBody } from '../middleware/streamed-body.ts';
import { presentUpload } from '../presenters/uploads.presenter.ts';

/** One implementation per operation, bound to both `Uploads_*` (environment path) and `MasterUploads_*`. */
export function uploadsHandlers({ uploads }: Services) {
  return onBothPaths('Uploads', {
    create: async (req) => {
      if (!isIncomingBody(req.body))
        throw badRequest('Send the file as the request body with Content-Type: application/octet-stream.');
      const view = await uploads.create(req.actor, req.params.space_id, req.params.environment_id, req.body);
      const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
      return created(
        presentUpload(view),
        `${req.baseUrl}/spaces/${req.params.space_id}${base}/uploads/${view.upload.id}`,
      );
    },

    get: async (req) =>
      ok(
        presentUpload(
          await uploads.get(req.actor, req.params.space_id, req.params.environment_id, req.params.upload_id),
        ),
      ),

    delete: async (req) => {
      await uploads.delete(req.actor, req.params.space_id, req.params.environment_id, req.params.upload_id);
      return noContent();
    },
  });
}
