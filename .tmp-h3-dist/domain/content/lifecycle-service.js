import { notFound, versionMismatch } from "../../errors/index.js";
import { refusal } from "./lifecycle-rules.js";
/** The view of a record read or written in the resolved environment. */
export async function contentView(storage, resolved, record) {
    const locales = await storage.repos.locales.list(resolved.environment.spaceId, resolved.environment.id);
    return { record, environmentId: resolved.requestedId, localeCodes: locales.map((locale) => locale.code) };
}
/**
 * The lifecycle entries and assets share: get, publish, unpublish, archive, unarchive, delete. Every write is one
 * conditional statement (version and state checked atomically); when it writes nothing, the entity is read again
 * to answer why (404, 409 or the 400 of the state rule).
 */
export function contentLifecycleService(storage, resolve, kind, repoOf, hooks) {
    const missing = (resolved, id) => notFound(kind, id, { space: resolved.environment.spaceId, environment: resolved.requestedId });
    async function current(repos, resolved, id) {
        const record = await repoOf(repos).find(resolved.environment.spaceId, resolved.environment.id, id);
        if (!record)
            throw missing(resolved, id);
        return record;
    }
    /** Runs one conditional write with its follow-up writes in a transaction, or explains why it wrote nothing. */
    async function apply(actor, resolved, id, transition, version, write) {
        const record = await storage.transaction(async (repos) => {
            const written = await write(repoOf(repos), resolved.environment.spaceId, resolved.environment.id, repos);
            if (!written) {
                const now = await current(repos, resolved, id);
                throw refusal(now, transition, version) ?? versionMismatch(now.version, version);
            }
            await hooks.afterWrite?.(repos, resolved, written, transition, actor);
            return written;
        });
        return contentView(storage, resolved, record);
    }
    const user = (actor) => actor.user.id;
    return {
        missing,
        current,
        apply,
        async get(actor, spaceId, environmentId, id) {
            const resolved = await resolve(actor, spaceId, environmentId);
            return contentView(storage, resolved, await current(storage.repos, resolved, id));
        },
        /** Publishes exactly the fields validated: the write happens only if the entity is still at `version`. */
        async publish(actor, spaceId, environmentId, id, version) {
            const resolved = await resolve(actor, spaceId, environmentId);
            const now = await current(storage.repos, resolved, id);
            const refused = refusal(now, 'publish', version);
            if (refused)
                throw refused;
            await hooks.checkPublish(resolved, now);
            return apply(actor, resolved, id, 'publish', version, (repo, s, e) => repo.publish(s, e, id, version, user(actor)));
        },
        async unpublish(actor, spaceId, environmentId, id) {
            const resolved = await resolve(actor, spaceId, environmentId);
            return apply(actor, resolved, id, 'unpublish', undefined, (repo, s, e) => repo.unpublish(s, e, id, user(actor)));
        },
        async archive(actor, spaceId, environmentId, id, version) {
            const resolved = await resolve(actor, spaceId, environmentId);
            return apply(actor, resolved, id, 'archive', version, (repo, s, e) => repo.archive(s, e, id, version, user(actor)));
        },
        async unarchive(actor, spaceId, environmentId, id, version) {
            const resolved = await resolve(actor, spaceId, environmentId);
            return apply(actor, resolved, id, 'unarchive', version, (repo, s, e) => repo.unarchive(s, e, id, version, user(actor)));
        },
        async delete(actor, spaceId, environmentId, id) {
            const resolved = await resolve(actor, spaceId, environmentId);
            await storage.transaction(async (repos) => {
                if (!(await repoOf(repos).delete(resolved.environment.spaceId, resolved.environment.id, id))) {
                    throw refusal(await current(repos, resolved, id), 'delete', undefined) ?? missing(resolved, id);
                }
                await hooks.afterDelete?.(repos, resolved, id);
            });
        },
    };
}
