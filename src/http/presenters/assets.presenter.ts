import type { ContentView } from '../../domain/content/lifecycle-service.ts';
import type { AssetRecord } from '../../storage/port/index.ts';
import { contentMetadata, contentSys } from './entries.presenter.ts';

export const presentAsset = (view: ContentView<AssetRecord>, vendorToken: string) => ({
  metadata: contentMetadata(view.record.tags),
  sys: contentSys('Asset', view, vendorToken),
  fields: view.record.fields,
});
