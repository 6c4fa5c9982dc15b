import { notFound, versionMismatch } from "../../errors/index.js";
import { generateId } from "../../lib/ids.js";
import { newDeliveryToken } from "../../lib/secrets.js";
import { keyEnvironmentIds } from "./api-key-environments.js";
/** Delivery API keys and their preview keys: one preview key per delivery key, created and deleted with it. */
export function apiKeysService(storage, spaces) {
    const { apiKeys } = storage.repos;
    async function insert(actor, spaceId, id, input) {
        return storage.transaction(async (repos) => repos.apiKeys.insert({
            spaceId, id, name: input.name, description: input.description ?? null,
            accessToken: newDeliveryToken(), previewKeyId: generateId(), previewAccessToken: newDeliveryToken(),
            environmentIds: await keyEnvironmentIds(repos, spaceId, input.environments), createdBy: actor.user.id,
        }));
    }
    async function update(actor, spaceId, id, input, version) {
        return storage.transaction(async (repos) => {
            const current = await repos.apiKeys.find(spaceId, id);
            if (!current)
                throw notFound('ApiKey', id);
            if (version !== current.version)
                throw versionMismatch(current.version, version);
            const environmentIds = await keyEnvironmentIds(repos, spaceId, input.environments);
            const changes = { name: input.name, description: input.description ?? null, environmentIds };
            return (await repos.apiKeys.update(spaceId, id, changes, version, actor.user.id)) ?? Promise.reject(versionMismatch(current.version, version));
        });
    }
    return {
        async list(actor, spaceId, page) {
            await spaces.access(actor, spaceId);
            return apiKeys.page(spaceId, page);
        },
        async get(actor, spaceId, id) {
            await spaces.access(actor, spaceId);
            return (await apiKeys.find(spaceId, id)) ?? Promise.reject(notFound('ApiKey', id));
        },
        /** Creates a delivery key with a generated id, and its preview key. */
        async create(actor, spaceId, input) {
            await spaces.requireAdmin(actor, spaceId);
            const id = generateId();
            return (await insert(actor, spaceId, id, input)) ?? Promise.reject(new Error(`generated api key id ${id} collided`));
        },
        /**
         * PUT with an id: creates the key when the id is free, otherwise replaces name, description and environments
         * (which needs the current version). Tokens never change.
         */
        async put(actor, spaceId, id, input, version) {
            await spaces.requireAdmin(actor, spaceId);
            if (!(await apiKeys.find(spaceId, id))) {
                const inserted = await insert(actor, spaceId, id, input);
                if (inserted)
                    return { created: true, key: inserted };
            }
            return { created: false, key: await update(actor, spaceId, id, input, version) };
        },
        async delete(actor, spaceId, id) {
            await spaces.requireAdmin(actor, spaceId);
            if (!(await apiKeys.delete(spaceId, id)))
                throw notFound('ApiKey', id);
        },
        listPreview: async (actor, spaceId, page) => {
            await spaces.access(actor, spaceId);
            return apiKeys.page(spaceId, page);
        },
        async getPreview(actor, spaceId, previewKeyId) {
            await spaces.access(actor, spaceId);
            return (await apiKeys.findByPreviewId(spaceId, previewKeyId)) ?? Promise.reject(notFound('PreviewApiKey', previewKeyId));
        },
        /** What a delivery or preview token grants, or undefined for an unknown token (for the GraphQL API). */
        findGrant: (token) => apiKeys.findGrant(token),
    };
}
