import DataLoader from 'dataloader';
import { SYS_ID } from "../domain/search/query.js";
/** Per-request batching of link resolution: one search per (target, state) and tick, whatever the number of links. */
export function createLoaders(storage, scope) {
    const loaders = new Map();
    const linking = new Map();
    return {
        /**
         * The entries linking to `targetId` (`linkedFrom`): one statement per tick for all the targets asked with the
         * same state, fields (`viaKey` names `query.via`), locales and page.
         */
        linkingEntries(query, viaKey, targetId) {
            const key = JSON.stringify([query.targetType, query.state, viaKey, query.locales, query.defaultLocale, query.skip, query.limit]);
            let loader = linking.get(key);
            if (!loader) {
                loader = new DataLoader(async (ids) => {
                    const pages = await storage.repos.search.linkingEntries(scope, { ...query, targetIds: [...ids] });
                    return ids.map((id) => pages.get(id) ?? { items: [], total: 0 });
                }, { maxBatchSize: 1000 });
                linking.set(key, loader);
            }
            return loader.load(targetId);
        },
        load(target, state, id) {
            const key = `${target}:${state}`;
            let loader = loaders.get(key);
            if (!loader) {
                loader = new DataLoader(async (ids) => {
                    const query = {
                        state, where: { kind: 'compare', path: SYS_ID, op: 'in', value: [...ids] },
                        order: [{ kind: 'path', path: SYS_ID, direction: 'asc' }], skip: 0, limit: ids.length,
                    };
                    const page = target === 'Entry'
                        ? await storage.repos.search.entries(scope, { ...query, target: 'Entry' })
                        : await storage.repos.search.assets(scope, { ...query, target: 'Asset' });
                    const byId = new Map(page.items.map((r) => [r.id, r]));
                    return ids.map((id) => byId.get(id));
                }, { maxBatchSize: 1000 });
                loaders.set(key, loader);
            }
            return loader.load(id);
        },
    };
}
