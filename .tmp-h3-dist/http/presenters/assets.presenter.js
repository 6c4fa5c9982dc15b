import { contentMetadata, contentSys } from "./entries.presenter.js";
export const presentAsset = (view, vendorToken) => ({
    metadata: contentMetadata(view.record.tags),
    sys: contentSys('Asset', view, vendorToken),
    fields: view.record.fields,
});
