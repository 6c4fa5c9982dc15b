import { AppError, notFound, validationFailed, versionMismatch } from "../../errors/index.js";
import { readEditorInterface } from "./editor-interface-rules.js";
/**
 * Editor interfaces: one per content type, created and kept in step by activation (see editor-interface-sync.ts);
 * read and replaced here. A content type that was never activated has none (404).
 */
export function editorInterfacesService(storage, resolve) {
    const missing = (resolved, contentTypeId) => notFound('EditorInterface', 'default', { space: resolved.environment.spaceId, environment: resolved.requestedId, contentType: contentTypeId });
    const missingType = (resolved, contentTypeId) => notFound('ContentType', contentTypeId, { space: resolved.environment.spaceId, environment: resolved.requestedId });
    return {
        async list(actor, spaceId, environmentId, page) {
            const resolved = await resolve(actor, spaceId, environmentId);
            const { items, total } = await storage.repos.editorInterfaces.page(resolved.environment.spaceId, resolved.environment.id, page);
            return { items: items.map((record) => ({ record, environmentId: resolved.requestedId })), total };
        },
        async get(actor, spaceId, environmentId, contentTypeId) {
            const resolved = await resolve(actor, spaceId, environmentId);
            const { spaceId: s, id: e } = resolved.environment;
            const record = await storage.repos.editorInterfaces.find(s, e, contentTypeId);
            if (record)
                return { record, environmentId: resolved.requestedId };
            throw (await storage.repos.contentTypes.find(s, e, contentTypeId)) ? missing(resolved, contentTypeId) : missingType(resolved, contentTypeId);
        },
        /** Replaces the editor interface at `version`; serialised with activations through the content type row lock. */
        async update(actor, spaceId, environmentId, contentTypeId, input, version) {
            const resolved = await resolve(actor, spaceId, environmentId);
            if (!resolved.access.admin)
                throw new AppError('AccessDenied', 'Only space admins may change the content model.', { reasons: ['admin role required'] });
            const { spaceId: s, id: e } = resolved.environment;
            const record = await storage.transaction(async (repos) => {
                const contentType = await repos.contentTypes.lock(s, e, contentTypeId);
                if (!contentType)
                    throw missingType(resolved, contentTypeId);
                const current = await repos.editorInterfaces.find(s, e, contentTypeId);
                if (!current)
                    throw missing(resolved, contentTypeId);
                if (version !== current.version)
                    throw versionMismatch(current.version, version);
                const fields = [...(contentType.published?.fields ?? []), ...contentType.fields].filter((f) => !f.deleted);
                const { changes, errors } = readEditorInterface(input, new Set(fields.map((f) => f.id)));
                if (errors.length)
                    throw validationFailed(errors, 'The editor interface you sent is invalid.');
                return (await repos.editorInterfaces.update(s, e, contentTypeId, changes, version, actor.user.id))
                    ?? Promise.reject(versionMismatch(current.version, version));
            });
            return { record, environmentId: resolved.requestedId };
        },
    };
}
