import type { AssetRecord } from './content.ts';
import type { ContentLifecycle, NewContent } from './entries.ts';

/** The file of an asset in one locale, as stored in `fields.file.<locale>`. */
export type AssetFileValue = Record<string, unknown>;

/** Assets of one environment. */
export interface AssetsRepository extends ContentLifecycle<AssetRecord> {
  /** Inserts an asset at version 1; undefined when the id is taken. */
  insert(asset: NewContent): Promise<AssetRecord | undefined>;
  /**
   * Sets `fields.file.<locale>` to `file` and adds 1 to `version`, atomically; with `expectedVersion` only when
   * the asset is at that version. Undefined when the asset is missing or at another version.
   */
  updateFile(
    spaceId: string,
    environmentId: string,
    assetId: string,
    locale: string,
    file: AssetFileValue,
    expectedVersion: number | undefined,
  ): Promise<AssetRecord | undefined>;
}
