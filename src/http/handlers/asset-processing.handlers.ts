import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import { noContent } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';

/** `PUT .../assets/{asset_id}/files/{locale}/process` on both paths: 204 at once, the work runs as a job. */
export function assetProcessingHandlers({ assetProcessing }: Services) {
  return onBothPaths('AssetProcessing', {
    process: async (req) => {
      await assetProcessing.process(
        req.actor,
        rightsOf(req.grant),
        req.params.space_id,
        req.params.environment_id,
        req.params.asset_id,
        req.params.locale,
        req.version,
      );
      return noContent();
    },
  });
}
