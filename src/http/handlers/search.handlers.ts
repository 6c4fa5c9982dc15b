import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import type { ContentState } from '../../domain/search/query.ts';
import { collection } from '../../domain/shared/paging.ts';
import { ok, type Handler, type HandlerMap } from '../handler.ts';
import { presentAsset } from '../presenters/assets.presenter.ts';
import { presentEntry } from '../presenters/entries.presenter.ts';
import { asPublished, selectFields } from '../presenters/search.presenter.ts';

/**
 * Entry and asset searches, draft (`.../entries`) and published (`.../public/entries`), each bound to the
 * environment path and to the path without an environment. The raw query string goes to the search parser.
 */
export function searchHandlers({ search }: Services): HandlerMap {
  const entries =
    (state: ContentState): Handler =>
    async (req) => {
      const page = await search.entries(
        req.actor,
        rightsOf(req.grant),
        req.params.space_id,
        req.params.environment_id,
        req.rawQuery,
        state,
      );
      const items = page.items.map((record) =>
        selectFields(
          presentEntry(
            {
              record: state === 'published' ? asPublished(record) : record,
              environmentId: page.environmentId,
              localeCodes: page.localeCodes,
            },
            req.vendorToken,
          ),
          page.select,
        ),
      );
      return ok(collection(items, page.total, page));
    };
  const assets =
    (state: ContentState): Handler =>
    async (req) => {
      const page = await search.assets(
        req.actor,
        rightsOf(req.grant),
        req.params.space_id,
        req.params.environment_id,
        req.rawQuery,
        state,
      );
      const items = page.items.map((record) =>
        selectFields(
          presentAsset(
            {
              record: state === 'published' ? asPublished(record) : record,
              environmentId: page.environmentId,
              localeCodes: page.localeCodes,
            },
            req.vendorToken,
          ),
          page.select,
        ),
      );
      return ok(collection(items, page.total, page));
    };
  return {
    EntrySearch_list: entries('draft'),
    MasterEntrySearch_list: entries('draft'),
    PublishedEntrySearch_list: entries('published'),
    MasterPublishedEntrySearch_list: entries('published'),
    AssetSearch_list: assets('draft'),
    MasterAssetSearch_list: assets('draft'),
    PublishedAssetSearch_list: assets('published'),
    MasterPublishedAssetSearch_list: assets('published'),
  };
}
