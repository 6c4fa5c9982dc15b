import { notFound } from "../../errors/index.js";
import { isMasterEnvironment } from "../content/master-environment.js";
/** The activation snapshots of content types. They exist only in the master environment; elsewhere the resource is not found. */
export function contentTypeSnapshotsService(storage, resolve) {
    async function ofContentType(actor, spaceId, environmentId, contentTypeId) {
        const resolved = await resolve(actor, spaceId, environmentId);
        const { environment, requestedId } = resolved;
        if (!(await isMasterEnvironment(storage.repos, resolved))) {
            throw notFound('Snapshot', contentTypeId, { space: spaceId, environment: requestedId, reason: 'Snapshots exist only in the master environment.' });
        }
        if (!(await storage.repos.contentTypes.find(environment.spaceId, environment.id, contentTypeId))) {
            throw notFound('ContentType', contentTypeId, { space: spaceId, environment: requestedId });
        }
        return resolved;
    }
    const view = (snapshot, environmentId) => ({ snapshot, contentType: snapshot.snapshot, environmentId });
    return {
        /** Newest first. */
        async list(actor, spaceId, environmentId, contentTypeId, page) {
            const { environment, requestedId } = await ofContentType(actor, spaceId, environmentId, contentTypeId);
            const { items, total } = await storage.repos.snapshots.page(environment.spaceId, environment.id, 'ContentType', contentTypeId, page);
            return { items: items.map((s) => view(s, requestedId)), total };
        },
        async get(actor, spaceId, environmentId, contentTypeId, snapshotId) {
            const { environment, requestedId } = await ofContentType(actor, spaceId, environmentId, contentTypeId);
            const snapshot = await storage.repos.snapshots.find(environment.spaceId, environment.id, 'ContentType', contentTypeId, snapshotId);
            if (!snapshot)
                throw notFound('Snapshot', snapshotId, { space: spaceId, environment: requestedId });
            return view(snapshot, requestedId);
        },
    };
}
