import { badRequest, validationFailed, versionMismatch } from "../../errors/index.js";
import { generateId } from "../../lib/ids.js";
import { checkEntryShape, validateEntryForPublish } from "../content-model/entry-validation.js";
import { lockTags, refuseInvalid, storedFields, tagIdsOf, unknownTagProblems } from "../content/content-input.js";
import { contentLifecycleService, contentView } from "../content/lifecycle-service.js";
import { refusal } from "../content/lifecycle-rules.js";
import { isMasterEnvironment } from "../content/master-environment.js";
import { activatedDefinition, linkBearing, withDefaults } from "./entry-content-type.js";
/**
 * Entries: create (with a generated or chosen id), replace, and the shared lifecycle. Content is shaped by the
 * activated definition of the entry's content type: save-time shape problems answer 422 `InvalidEntry`, content
 * rules are checked at publish (422 `ValidationFailed`). The reverse link index follows every write of the draft
 * and of the published side, in the same transaction; each publish in the master environment records a snapshot.
 */
export function entriesService(storage, resolve) {
    const lifecycle = contentLifecycleService(storage, resolve, 'Entry', (repos) => repos.entries, {
        async checkPublish({ environment }, entry) {
            const { spaceId, id: environmentId } = environment;
            const definition = await activatedDefinition(storage.repos, spaceId, environmentId, entry.contentTypeId);
            const locales = await storage.repos.locales.list(spaceId, environmentId);
            const errors = [
                ...checkEntryShape(definition, entry.fields, locales),
                ...await validateEntryForPublish(definition, entry.id, entry.fields, locales, storage.repos.entries.validationLookups(spaceId, environmentId)),
            ];
            if (errors.length)
                throw validationFailed(errors);
        },
        async afterWrite(repos, resolved, entry, transition, actor) {
            const { spaceId, id: environmentId } = resolved.environment;
            if (transition === 'unpublish')
                await repos.entries.replaceLinks(spaceId, environmentId, entry.id, 'published', null);
            if (transition !== 'publish')
                return;
            const contentType = await repos.contentTypes.find(spaceId, environmentId, entry.contentTypeId);
            await recheckUniqueness(repos, spaceId, environmentId, entry);
            await repos.entries.replaceLinks(spaceId, environmentId, entry.id, 'published', linkBearing(contentType?.published, entry.publishedFields));
            if (await isMasterEnvironment(repos, resolved)) {
                await repos.snapshots.insert({
                    spaceId, environmentId, id: generateId(), entityType: 'Entry', entityId: entry.id,
                    snapshot: { ...entry }, createdBy: actor.user.id,
                });
            }
        },
        async afterDelete(repos, { environment }, id) {
            await repos.snapshots.deleteFor(environment.spaceId, environment.id, 'Entry', id);
        },
    });
    /**
     * `unique` was checked before the publishing transaction; two publishes of one value at the same instant would both
     * pass that check. Under a per-content-type lock, the transaction checks again against what is committed.
     */
    async function recheckUniqueness(repos, spaceId, environmentId, entry) {
        const definition = await activatedDefinition(repos, spaceId, environmentId, entry.contentTypeId);
        if (!definition.fields.some((f) => f.validations.some((v) => 'unique' in v)))
            return;
        await repos.entries.lockContentTypePublishing(spaceId, environmentId, entry.contentTypeId);
        const locales = await repos.locales.list(spaceId, environmentId);
        const errors = (await validateEntryForPublish(definition, entry.id, entry.publishedFields ?? {}, locales, repos.entries.validationLookups(spaceId, environmentId)))
            .filter((e) => e.name === 'unique');
        if (errors.length)
            throw validationFailed(errors);
    }
    /** Save-time checks of a body against the activated content type and the environment's tags and locales. */
    async function checked(resolved, contentTypeId, input, creating) {
        const { spaceId, id: environmentId } = resolved.environment;
        const definition = await activatedDefinition(storage.repos, spaceId, environmentId, contentTypeId);
        const locales = await storage.repos.locales.list(spaceId, environmentId);
        const tags = tagIdsOf(input);
        const problems = [
            ...checkEntryShape(definition, (input.fields ?? {}), locales),
            ...unknownTagProblems(input, await storage.repos.entries.unknownTags(spaceId, environmentId, tags)),
        ];
        refuseInvalid(problems);
        const fields = storedFields(input.fields);
        return { fields: creating ? withDefaults(definition, fields, input.fields ?? {}, locales) : fields, tags, definition };
    }
    async function insert(actor, resolved, id, contentTypeId, input) {
        const { spaceId, id: environmentId } = resolved.environment;
        const { definition, ...draft } = await checked(resolved, contentTypeId, input, true);
        const record = await storage.transaction(async (repos) => {
            await lockTags(repos.entries, spaceId, environmentId, input);
            const entry = await repos.entries.insert({ spaceId, environmentId, id, contentTypeId, ...draft, createdBy: actor.user.id });
            // Taken by a concurrent create with the same id: the same answer as a PUT without a version to an existing entry.
            if (!entry)
                throw versionMismatch(1, undefined);
            await repos.entries.replaceLinks(spaceId, environmentId, id, 'draft', linkBearing(definition, entry.fields));
            return entry;
        });
        return contentView(storage, resolved, record);
    }
    return {
        get: lifecycle.get,
        publish: lifecycle.publish,
        unpublish: lifecycle.unpublish,
        archive: lifecycle.archive,
        unarchive: lifecycle.unarchive,
        delete: lifecycle.delete,
        /** Creates an entry with a generated id; `contentTypeId` comes from the `X-<Vendor>-Content-Type` header. */
        async create(actor, spaceId, environmentId, contentTypeId, input) {
            return insert(actor, await resolve(actor, spaceId, environmentId), generateId(), contentTypeId, input);
        },
        /**
         * `PUT .../entries/{id}`: creates the entry when the id is free (the content type header is needed, a version
         * header is ignored), otherwise replaces its fields and tags at the version sent.
         */
        async createOrUpdate(actor, spaceId, environmentId, id, contentTypeId, input, version) {
            const resolved = await resolve(actor, spaceId, environmentId);
            const existing = await storage.repos.entries.find(resolved.environment.spaceId, resolved.environment.id, id);
            if (!existing) {
                if (!contentTypeId)
                    throw badRequest('You should provide a content type in X-Service-Content-Type request header.', null);
                return { created: true, view: await insert(actor, resolved, id, contentTypeId, input) };
            }
            const refused = refusal(existing, 'update', version);
            if (refused)
                throw refused;
            const { definition, ...draft } = await checked(resolved, existing.contentTypeId, input, false);
            const view = await lifecycle.apply(actor, resolved, id, 'update', version, async (repo, s, e, repos) => {
                await lockTags(repos.entries, s, e, input);
                const updated = await repo.update(s, e, id, draft, version, actor.user.id);
                if (updated)
                    await repos.entries.replaceLinks(s, e, id, 'draft', linkBearing(definition, updated.fields));
                return updated;
            });
            return { created: false, view };
        },
    };
}
