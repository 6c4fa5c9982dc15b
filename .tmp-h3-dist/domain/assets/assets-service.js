import { validationFailed, versionMismatch } from "../../errors/index.js";
import { generateId } from "../../lib/ids.js";
import { lockTags, refuseInvalid, storedFields, tagIdsOf, unknownTagProblems, withoutNullValues } from "../content/content-input.js";
import { contentLifecycleService, contentView } from "../content/lifecycle-service.js";
import { refusal } from "../content/lifecycle-rules.js";
import { announceJobs } from "../../jobs/job-signal.js";
import { enqueueAssetFilesGc } from "../uploads/asset-files-gc.js";
import { assetPublishProblems } from "./asset-publish-rules.js";
import { checkAssetShape } from "./asset-shape.js";
/**
 * Assets: create (with a generated or chosen id), replace, and the shared lifecycle. Files are processed by the
 * asset processing service (through `assets.updateFile`); an asset is published only with every file processed.
 */
export function assetsService(storage, resolve) {
    const lifecycle = contentLifecycleService(storage, resolve, 'Asset', (repos) => repos.assets, {
        async checkPublish({ environment }, asset) {
            const locales = await storage.repos.locales.list(environment.spaceId, environment.id);
            const errors = [...checkAssetShape(asset.fields, locales), ...assetPublishProblems(asset.fields, locales)];
            if (errors.length)
                throw validationFailed(errors);
        },
        async afterDelete(repos, { environment }, id) {
            await enqueueAssetFilesGc(repos, { spaceId: environment.spaceId, assetId: id });
        },
    });
    async function checked(resolved, input) {
        const { spaceId, id: environmentId } = resolved.environment;
        const locales = await storage.repos.locales.list(spaceId, environmentId);
        const tags = tagIdsOf(input);
        refuseInvalid([
            ...checkAssetShape(input.fields, locales),
            ...unknownTagProblems(input, await storage.repos.assets.unknownTags(spaceId, environmentId, tags)),
        ]);
        return { fields: withoutNullValues(storedFields(input.fields)), tags };
    }
    async function insert(actor, resolved, id, input) {
        const draft = await checked(resolved, input);
        const { spaceId, id: environmentId } = resolved.environment;
        const record = await storage.transaction(async (repos) => {
            await lockTags(repos.assets, spaceId, environmentId, input);
            return repos.assets.insert({ spaceId, environmentId, id, ...draft, createdBy: actor.user.id });
        });
        // Taken by a concurrent create with the same id: the same answer as a PUT without a version to an existing asset.
        if (!record)
            throw versionMismatch(1, undefined);
        return contentView(storage, resolved, record);
    }
    return {
        get: lifecycle.get,
        publish: lifecycle.publish,
        unpublish: lifecycle.unpublish,
        archive: lifecycle.archive,
        unarchive: lifecycle.unarchive,
        async delete(...args) {
            await lifecycle.delete(...args);
            announceJobs(storage);
        },
        async create(actor, spaceId, environmentId, input) {
            return insert(actor, await resolve(actor, spaceId, environmentId), generateId(), input);
        },
        /** `PUT .../assets/{id}`: creates the asset when the id is free (a version header is ignored), else replaces it at the version sent. */
        async createOrUpdate(actor, spaceId, environmentId, id, input, version) {
            const resolved = await resolve(actor, spaceId, environmentId);
            const existing = await storage.repos.assets.find(resolved.environment.spaceId, resolved.environment.id, id);
            if (!existing)
                return { created: true, view: await insert(actor, resolved, id, input) };
            const refused = refusal(existing, 'update', version);
            if (refused)
                throw refused;
            const draft = await checked(resolved, input);
            const view = await lifecycle.apply(actor, resolved, id, 'update', version, async (repo, s, e, repos) => {
                await lockTags(repos.assets, s, e, input);
                return repo.update(s, e, id, draft, version, actor.user.id);
            });
            return { created: false, view };
        },
    };
}
