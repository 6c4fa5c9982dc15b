import type { Storage } from '../../storage/port/index.ts';
import { assetWrites } from './asset-writes.ts';
import { contentTypeWrites } from './content-type-writes.ts';
import { entryWrites } from './entry-writes.ts';
import { writePath } from './write-path.ts';

export { changeOf, type ContentChange } from './content-change.ts';
export type { Alongside, ContentKindWrites, Explain, StateTransition } from './content-kind-writes.ts';
export type { EntryValidation } from './entry-writes.ts';
export type { ProcessedFile } from './asset-writes.ts';

/**
 * The one path of content writes (entries, assets, content types and editor interfaces): every write of them goes
 * through these, which choose between one statement and a transaction, hand the change's description to storage,
 * and run the entity's follow-up writes.
 */
export function contentWrites(storage: Storage) {
  const path = writePath(storage);
  return {
    entries: entryWrites(storage, path),
    assets: assetWrites(storage, path),
    contentTypes: contentTypeWrites(path),
  };
}
