import type { AssetRecord } from '../../storage/port/index.ts';
import { contentMetadata, contentSys } from './entries.presenter.ts';

export const presentAsset = ({ record: a, environmentId }: { record: AssetRecord; environmentId: string }) => ({
  metadata: contentMetadata(a.tags),
  sys: contentSys('Asset', a, environmentId),
  fields: a.fields,
});
