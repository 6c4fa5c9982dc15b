import { AppError, notFound, validationFailed, versionMismatch } from "../../errors/index.js";
import { generateId } from "../../lib/ids.js";
import { extensionErrors } from "./extension-rules.js";
/** The stored parts of a checked body: the definition as sent, the installation parameter values (default `{}`). */
function checked(input) {
    const errors = extensionErrors(input);
    if (errors.length)
        throw validationFailed(errors, 'The extension you sent is invalid.');
    return { extension: input.extension, parameters: (input.parameters ?? {}) };
}
/** UI extensions of an environment. Writes need a space admin. */
export function extensionsService(storage, resolve) {
    async function forWrite(actor, spaceId, environmentId) {
        const resolved = await resolve(actor, spaceId, environmentId);
        if (!resolved.access.admin)
            throw new AppError('AccessDenied', 'Only space admins may manage extensions.', { reasons: ['admin role required'] });
        return resolved;
    }
    const missing = (resolved, id) => notFound('Extension', id, { space: resolved.environment.spaceId, environment: resolved.requestedId });
    const view = (resolved, record) => ({ record, environmentId: resolved.requestedId });
    return {
        async list(actor, spaceId, environmentId, page) {
            const resolved = await resolve(actor, spaceId, environmentId);
            const { items, total } = await storage.repos.extensions.page(resolved.environment.spaceId, resolved.environment.id, page);
            return { items: items.map((record) => view(resolved, record)), total };
        },
        async get(actor, spaceId, environmentId, id) {
            const resolved = await resolve(actor, spaceId, environmentId);
            const record = await storage.repos.extensions.find(resolved.environment.spaceId, resolved.environment.id, id);
            if (!record)
                throw missing(resolved, id);
            return view(resolved, record);
        },
        async create(actor, spaceId, environmentId, input) {
            const resolved = await forWrite(actor, spaceId, environmentId);
            const record = await storage.repos.extensions.insert({
                spaceId: resolved.environment.spaceId, environmentId: resolved.environment.id, id: generateId(), ...checked(input), createdBy: actor.user.id,
            });
            if (!record)
                throw new AppError('ServerError', 'A generated extension id was taken.');
            return view(resolved, record);
        },
        /** Creates with the chosen id, or replaces at the current version. */
        async createOrUpdate(actor, spaceId, environmentId, id, input, version) {
            const resolved = await forWrite(actor, spaceId, environmentId);
            const { spaceId: s, id: e } = resolved.environment;
            const existing = await storage.repos.extensions.find(s, e, id);
            if (!existing) {
                const record = await storage.repos.extensions.insert({ spaceId: s, environmentId: e, id, ...checked(input), createdBy: actor.user.id });
                if (record)
                    return { view: view(resolved, record), created: true };
                throw versionMismatch((await storage.repos.extensions.find(s, e, id))?.version, version);
            }
            if (version !== existing.version)
                throw versionMismatch(existing.version, version);
            const updated = await storage.repos.extensions.update(s, e, id, checked(input), version, actor.user.id);
            if (updated)
                return { view: view(resolved, updated), created: false };
            const now = await storage.repos.extensions.find(s, e, id);
            throw now ? versionMismatch(now.version, version) : missing(resolved, id);
        },
        async delete(actor, spaceId, environmentId, id) {
            const resolved = await forWrite(actor, spaceId, environmentId);
            if (!(await storage.repos.extensions.delete(resolved.environment.spaceId, resolved.environment.id, id)))
                throw missing(resolved, id);
        },
    };
}
