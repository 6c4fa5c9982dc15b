import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import type { ContentState } from '../../domain/search/query.ts';
import { collection } from '../../domain/shared/paging.ts';
import { ok, type Handler } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import { presentAsset } from '../presenters/assets.presenter.ts';
import { presentEntry } from '../presenters/entries.presenter.ts';
import { asPublished, selectFields } from '../presenters/search.presenter.ts';

/**
 * Entry and asset searches, draft (`.../entries`) and published (`.../public/entries`), each bound to the
 * environment path and to the path without an environment. The raw query string goes to the search parser.
 */
/** Every search operation, on either path: they read the same path parameters and parse the raw query themselves. */
type SearchOperation =
  'EntrySearch_list' | 'PublishedEntrySearch_list' | 'AssetSearch_list' | 'PublishedAssetSearch_list';
type Search = Handler<SearchOperation | `Master${SearchOperation}`>;

export function searchHandlers({ search }: Services) {
  const entries =
    (state: ContentState): Search =>
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
    (state: ContentState): Search =>
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
    ...onBothPaths('EntrySearch', { list: entries('draft') }),
    ...onBothPaths('PublishedEntrySearch', { list: entries('published') }),
    ...onBothPaths('AssetSearch', { list: assets('draft') }),
    ...onBothPaths('PublishedAssetSearch', { list: assets('published') }),
  };
}
