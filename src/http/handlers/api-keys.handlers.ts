import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { API_KEYS, PREVIEW_API_KEYS } from '../../domain/shared/collection-schemas.ts';
import { collection } from '../../domain/shared/paging.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentApiKey, presentPreviewApiKey } from '../presenters/api-keys.presenter.ts';

export function apiKeysHandlers({ apiKeys }: Services) {
  return {
    ApiKeys_list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, API_KEYS);
      const { items, total } = await apiKeys.list(req.params.space_id, page);
      return ok(collection(items.map(presentApiKey), total, page));
    },

    ApiKeys_create: async (req) => {
      const key = await apiKeys.create(req.actor, req.params.space_id, req.body);
      return created(presentApiKey(key), `${req.baseUrl}/spaces/${key.spaceId}/api_keys/${key.id}`);
    },

    ApiKeys_get: async (req) => ok(presentApiKey(await apiKeys.get(req.params.space_id, req.params.api_key_id))),

    ApiKeys_createOrUpdate: async (req) => {
      const { created: isNew, key } = await apiKeys.put(
        req.actor,
        req.params.space_id,
        req.params.api_key_id,
        req.body,
        req.version,
      );
      return isNew
        ? created(presentApiKey(key), `${req.baseUrl}/spaces/${key.spaceId}/api_keys/${key.id}`)
        : ok(presentApiKey(key));
    },

    ApiKeys_delete: async (req) => {
      await apiKeys.delete(req.params.space_id, req.params.api_key_id);
      return noContent();
    },

    PreviewApiKeys_list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, PREVIEW_API_KEYS);
      const { items, total } = await apiKeys.listPreview(req.params.space_id, page);
      return ok(collection(items.map(presentPreviewApiKey), total, page));
    },

    PreviewApiKeys_get: async (req) =>
      ok(presentPreviewApiKey(await apiKeys.getPreview(req.params.space_id, req.params.preview_api_key_id))),
  } satisfies Partial<HandlerMap>;
}
