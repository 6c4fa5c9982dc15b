import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { collection } from '../../domain/shared/paging.ts';
import { WEBHOOK_DEFINITIONS } from '../../domain/shared/collection-schemas.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentWebhookDefinition, presentWebhookSigningSecret } from '../presenters/webhook-definitions.presenter.ts';

export function webhookDefinitionsHandlers({ webhookDefinitions, webhookSettings }: Services) {
  const location = (baseUrl: string, spaceId: string, id: string) =>
    `${baseUrl}/spaces/${spaceId}/webhook_definitions/${id}`;
  return {
    WebhookDefinitions_list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, WEBHOOK_DEFINITIONS);
      const { items, total } = await webhookDefinitions.list(req.params.space_id, page);
      return ok(collection(items.map(presentWebhookDefinition), total, page));
    },

    WebhookDefinitions_create: async (req) => {
      const definition = await webhookDefinitions.create(req.actor, req.params.space_id, req.body);
      return created(presentWebhookDefinition(definition), location(req.baseUrl, definition.spaceId, definition.id));
    },

    WebhookDefinitions_get: async (req) =>
      ok(presentWebhookDefinition(await webhookDefinitions.get(req.params.space_id, req.params.webhook_definition_id))),

    WebhookDefinitions_createOrUpdate: async (req) => {
      const { space_id: spaceId, webhook_definition_id: id } = req.params;
      const { created: isNew, definition } = await webhookDefinitions.put(
        req.actor,
        spaceId,
        id,
        req.body,
        req.version,
      );
      const body = presentWebhookDefinition(definition);
      return isNew ? created(body, location(req.baseUrl, spaceId, id)) : ok(body);
    },

    WebhookDefinitions_delete: async (req) => {
      await webhookDefinitions.delete(req.params.space_id, req.params.webhook_definition_id);
      return noContent();
    },

    WebhookSigningSecrets_get: async (req) =>
      ok(presentWebhookSigningSecret(await webhookSettings.getSigningSecret(req.params.space_id))),

    WebhookSigningSecrets_upsert: async (req) =>
      ok(presentWebhookSigningSecret(await webhookSettings.putSigningSecret(req.actor, req.params.space_id, req.body))),

    WebhookSigningSecrets_delete: async (req) => {
      await webhookSettings.deleteSigningSecret(req.params.space_id);
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
