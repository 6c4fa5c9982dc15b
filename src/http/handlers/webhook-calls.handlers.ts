import type { Services } from '../../domain/index.ts';
import { collection } from '../../domain/shared/paging.ts';
import { ok, type HandlerMap } from '../handler.ts';
import {
  presentWebhookCallDetails,
  presentWebhookCallOverview,
  presentWebhookHealth,
} from '../presenters/webhook-calls.presenter.ts';

export function webhookCallsHandlers({ webhookCalls }: Services) {
  return {
    WebhookCalls_list: async (req) => {
      const { page, items, total } = await webhookCalls.list(
        req.params.space_id,
        req.params.webhook_definition_id,
        req.query,
      );
      return ok(collection(items.map(presentWebhookCallOverview), total, page));
    },

    WebhookCalls_get: async (req) =>
      ok(
        presentWebhookCallDetails(
          await webhookCalls.get(req.params.space_id, req.params.webhook_definition_id, req.params.call_id),
        ),
      ),

    WebhookCalls_health: async (req) =>
      ok(presentWebhookHealth(await webhookCalls.health(req.params.space_id, req.params.webhook_definition_id))),
  } satisfies Partial<HandlerMap>;
}
