import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import { noContent, type Handler, type HandlerMap } from '../handler.ts';

/** `PUT .../assets/{asset_id}/files/{locale}/process` on both paths: 204 at once, the work runs as a job. */
export function assetProcessingHandlers({ assetProcessing }: Services): HandlerMap {
  const process: Handler = async (req) => {
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
  };
  return { AssetProcessing_process: process, MasterAssetProcessing_process: process };
}
