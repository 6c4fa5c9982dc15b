import { noContent } from "../handler.js";
/** `PUT .../assets/{asset_id}/files/{locale}/process` on both paths: 204 at once, the work runs as a job. */
export function assetProcessingHandlers({ assetProcessing }) {
    const process = async (req) => {
        await assetProcessing.process(req.actor, req.params.space_id, req.params.environment_id, req.params.asset_id, req.params.locale, req.version, req.baseUrl);
        return noContent();
    };
    return { AssetProcessing_process: process, MasterAssetProcessing_process: process };
}
