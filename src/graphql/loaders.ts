import DataLoader from 'dataloader';
import { SYS_ID } from '../domain/search/query.ts';
import type {
  AssetRecord,
  EntryRecord,
  LinkingQuery,
  Page,
  SearchScope,
  Storage,
  TagRecord,
} from '../storage/port/index.ts';

type Target = 'Entry' | 'Asset';
type State = 'draft' | 'published';

/** Per-request batching of link resolution: one search per (target, state) and tick, whatever the number of links. */
export function createLoaders(storage: Storage, scope: SearchScope) {
  const loaders = new Map<string, DataLoader<string, EntryRecord | AssetRecord | undefined>>();
  const linking = new Map<string, DataLoader<string, Page<EntryRecord>>>();
  let publicTags: Promise<ReadonlyMap<string, TagRecord>> | undefined;
  return {
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
    prime(target: Target, state: State, record: EntryRecord | AssetRecord): void {
      loaderOf(target, state).prime(record.id, record);
    },
    load(target: Target, state: State, id: string): Promise<EntryRecord | AssetRecord | undefined> {
      return loaderOf(target, state).load(id);
    },
  };

  function loaderOf(target: Target, state: State): DataLoader<string, EntryRecord | AssetRecord | undefined> {
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
              ? await storage.repos.search.entries(scope, { ...query, target: 'Entry' }, { total: false })
              : await storage.repos.search.assets(scope, { ...query, target: 'Asset' }, { total: false });
          const byId = new Map(page.items.map((r) => [r.id, r]));
          return ids.map((id) => byId.get(id));
        },
        { maxBatchSize: 1000 },
      );
      loaders.set(key, loader);
    }
    return loader;
  }
}

export type Loaders = ReturnType<typeof createLoaders>;
