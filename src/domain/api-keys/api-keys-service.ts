import { notFound, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import { newDeliveryToken } from '../../lib/secrets.ts';
import type { ApiKeyGrant, ApiKeyOrderKey, ApiKeyRecord, PageRequest, Storage } from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { keyEnvironmentIds, type EnvironmentLinkInput } from './api-key-environments.ts';

/** A create or update body; `accessToken`, `preview_api_key`, `policies` and `sys` are never read. */
export interface ApiKeyInput {
  name: string;
  description?: string | null;
  environments?: EnvironmentLinkInput[] | null;
}

/**
 * Delivery API keys and their preview keys: one preview key per delivery key, created and deleted with it. Who may
 * read and change them (the ContentDelivery permission) is the authorizer's decision.
 */
export function apiKeysService(storage: Storage) {
  const { apiKeys } = storage.repos;

  async function insert(
    actor: Actor,
    spaceId: string,
    id: string,
    input: ApiKeyInput,
  ): Promise<ApiKeyRecord | undefined> {
    return storage.transaction(async (repos) =>
      repos.apiKeys.insert({
        spaceId,
        id,
        name: input.name,
        description: input.description ?? null,
        accessToken: newDeliveryToken(),
        previewKeyId: generateId(),
        previewAccessToken: newDeliveryToken(),
        environmentIds: await keyEnvironmentIds(repos, spaceId, input.environments),
        createdBy: actorId(actor),
      }),
    );
  }

  async function update(
    actor: Actor,
    spaceId: string,
    id: string,
    input: ApiKeyInput,
    version: number | undefined,
  ): Promise<ApiKeyRecord> {
    return storage.transaction(async (repos) => {
      const current = await repos.apiKeys.find(spaceId, id);
      if (!current) throw notFound('ApiKey', id);
      if (version !== current.version) throw versionMismatch(current.version, version);
      const environmentIds = await keyEnvironmentIds(repos, spaceId, input.environments);
      const changes = { name: input.name, description: input.description ?? null, environmentIds };
      return (
        (await repos.apiKeys.update(spaceId, id, changes, version, actorId(actor))) ??
        Promise.reject(versionMismatch(current.version, version))
      );
    });
  }

  return {
    async list(spaceId: string, page: PageRequest<ApiKeyOrderKey>) {
      return apiKeys.page(spaceId, page);
    },

    async get(spaceId: string, id: string): Promise<ApiKeyRecord> {
      return (await apiKeys.find(spaceId, id)) ?? Promise.reject(notFound('ApiKey', id));
    },

    /** Creates a delivery key with a generated id, and its preview key. */
    async create(actor: Actor, spaceId: string, input: ApiKeyInput): Promise<ApiKeyRecord> {
      const id = generateId();
      return (
        (await insert(actor, spaceId, id, input)) ?? Promise.reject(new Error(`generated api key id ${id} collided`))
      );
    },

    /**
     * PUT with an id: creates the key when the id is free, otherwise replaces name, description and environments
     * (which needs the current version). Tokens never change.
     */
    async put(actor: Actor, spaceId: string, id: string, input: ApiKeyInput, version: number | undefined) {
      if (!(await apiKeys.find(spaceId, id))) {
        const inserted = await insert(actor, spaceId, id, input);
        if (inserted) return { created: true, key: inserted };
      }
      return { created: false, key: await update(actor, spaceId, id, input, version) };
    },

    async delete(spaceId: string, id: string): Promise<void> {
      if (!(await apiKeys.delete(spaceId, id))) throw notFound('ApiKey', id);
    },

    listPreview: (spaceId: string, page: PageRequest<ApiKeyOrderKey>) => apiKeys.page(spaceId, page),

    async getPreview(spaceId: string, previewKeyId: string): Promise<ApiKeyRecord> {
      return (
        (await apiKeys.findByPreviewId(spaceId, previewKeyId)) ??
        Promise.reject(notFound('PreviewApiKey', previewKeyId))
      );
    },

    /** What a delivery or preview token grants, or undefined for an unknown token (for the GraphQL API). */
    findGrant: (token: string): Promise<ApiKeyGrant | undefined> => apiKeys.findGrant(token),
  };
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
