import DataLoader from 'dataloader';
import { SYS_ID, type ContentState, type SearchQuery } from '../search/query.ts';
import type {
  AssetRecord,
  EntryRecord,
  LinkingQuery,
  Page,
  SearchOptions,
  SearchPage,
  SearchScope,
  Storage,
  TagRecord,
} from '../../storage/port/index.ts';
import { operationBudget } from './operation-budget.ts';

export type ContentTarget = 'Entry' | 'Asset';

/**
 * The reads of one content request in one environment, under its budget of `maxOperations` database operations:
 * every search (pages, link batches, linking entries) draws on it; the content model, locales and tags do not.
 * Links are batched per tick: one search per (target, state) whatever the number of links, so a reader resolving
 * links level by level (GraphQL fields, a REST `include` depth) spends one operation per level and state.
 */
export function requestReads(storage: Storage, scope: SearchScope, maxOperations: number) {
  const draw = operationBudget(maxOperations);
  const loaders = new Map<string, DataLoader<string, EntryRecord | AssetRecord | undefined>>();
  const linking = new Map<string, DataLoader<string, Page<EntryRecord>>>();
  let publicTags: Promise<ReadonlyMap<string, TagRecord>> | undefined;

  function entries(
    query: SearchQuery & { target: 'Entry' },
    options?: SearchOptions,
  ): Promise<SearchPage<EntryRecord>> {
    draw();
    return storage.repos.search.entries(scope, query, options);
  }
  function assets(query: SearchQuery & { target: 'Asset' }, options?: SearchOptions): Promise<SearchPage<AssetRecord>> {
    draw();
    return storage.repos.search.assets(scope, query, options);
  }

  return {
    scope,
    /** A page of entries by the shared query representation; `linkedEntries` come in the page's own statement. */
    entries,
    /** A page of assets by the shared query representation. */
    assets,
    /** The environment's public tags by id (the only ones these APIs show): read once per request, however many entities. */
    publicTags(): Promise<ReadonlyMap<string, TagRecord>> {
      publicTags ??= storage.repos.tags
        .list(scope.spaceId, scope.environmentId)
        .then((tags) => new Map(tags.filter((t) => t.visibility === 'public').map((t) => [t.id, t])));
      return publicTags;
    },
    /**
     * The entries linking to `targetId` (`linkedFrom`): one statement per tick for all the targets asked with the
     * same state, fields (`viaKey` names `query.via`), locales and page.
     */
    linkingEntries(
      query: Omit<LinkingQuery, 'targetIds'>,
      viaKey: string,
      targetId: string,
    ): Promise<Page<EntryRecord>> {
      const key = JSON.stringify([
        query.targetType,
        query.state,
        viaKey,
        query.locales,
        query.defaultLocale,
        query.skip,
        query.limit,
      ]);
      let loader = linking.get(key);
      if (!loader) {
        loader = new DataLoader(
          async (ids: readonly string[]) => {
            draw();
            const pages = await storage.repos.search.linkingEntries(scope, { ...query, targetIds: [...ids] });
            return ids.map((id) => pages.get(id) ?? { items: [], total: 0 });
          },
          { maxBatchSize: 1000 },
        );
        linking.set(key, loader);
      }
      return loader.load(targetId);
    },
    /** Remembers a record read ahead (with a page that links to it), so loading it costs no statement. */
    prime(target: ContentTarget, state: ContentState, record: EntryRecord | AssetRecord): void {
      loaderOf(target, state).prime(record.id, record);
    },
    /** The entry or asset with this id in this state, or undefined: batched with the other loads of the tick. */
    load(target: ContentTarget, state: ContentState, id: string): Promise<EntryRecord | AssetRecord | undefined> {
      return loaderOf(target, state).load(id);
    },
  };

  function loaderOf(target: ContentTarget, state: ContentState) {
    const key = `${target}:${state}`;
    let loader = loaders.get(key);
    if (!loader) {
      loader = new DataLoader(
        async (ids: readonly string[]) => {
          const query = {
            state,
            where: { kind: 'compare' as const, path: SYS_ID, op: 'in' as const, value: [...ids] },
            order: [{ kind: 'path' as const, path: SYS_ID, direction: 'asc' as const }],
            skip: 0,
            limit: ids.length,
          };
          const page =
            target === 'Entry'
              ? await entries({ ...query, target: 'Entry' }, { total: false })
              : await assets({ ...query, target: 'Asset' }, { total: false });
          const byId = new Map<string, EntryRecord | AssetRecord>(page.items.map((r) => [r.id, r]));
          return ids.map((id) => byId.get(id));
        },
        { maxBatchSize: 1000 },
      );
      loaders.set(key, loader);
    }
    return loader;
  }
}

/** The reads of one content request (see `requestReads`). */
export type RequestReads = ReturnType<typeof requestReads>;
