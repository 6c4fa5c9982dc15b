import { notFound } from "../../errors/index.js";
import { isMasterEnvironment } from "../content/master-environment.js";
/** The publish snapshots of entries. They exist only in the master environment; elsewhere the resource is not found. */
export function entrySnapshotsService(storage, resolve) {
    async function ofEntry(actor, spaceId, environmentId, entryId) {
        const resolved = await resolve(actor, spaceId, environmentId);
        const { environment, requestedId } = resolved;
        if (!(await isMasterEnvironment(storage.repos, resolved))) {
            throw notFound('Snapshot', entryId, { space: spaceId, environment: requestedId, reason: 'Snapshots exist only in the master environment.' });
        }
        if (!(await storage.repos.entries.find(environment.spaceId, environment.id, entryId))) {
            throw notFound('Entry', entryId, { space: spaceId, environment: requestedId });
        }
        return resolved;
    }
    const view = (snapshot, environmentId, localeCodes) => ({ snapshot, entry: snapshot.snapshot, environmentId, localeCodes });
    const localeCodes = async (spaceId, environmentId) => (await storage.repos.locales.list(spaceId, environmentId)).map((locale) => locale.code);
    return {
        /** Newest first. */
        async list(actor, spaceId, environmentId, entryId, page) {
            const { environment, requestedId } = await ofEntry(actor, spaceId, environmentId, entryId);
            const { items, total } = await storage.repos.snapshots.page(environment.spaceId, environment.id, 'Entry', entryId, page);
            const codes = await localeCodes(environment.spaceId, environment.id);
            return { items: items.map((s) => view(s, requestedId, codes)), total };
        },
        async get(actor, spaceId, environmentId, entryId, snapshotId) {
            const { environment, requestedId } = await ofEntry(actor, spaceId, environmentId, entryId);
            const snapshot = await storage.repos.snapshots.find(environment.spaceId, environment.id, 'Entry', entryId, snapshotId);
            if (!snapshot)
                throw notFound('Snapshot', snapshotId, { space: spaceId, environment: requestedId });
            return view(snapshot, requestedId, await localeCodes(environment.spaceId, environment.id));
        },
    };
}
