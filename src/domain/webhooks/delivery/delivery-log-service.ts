import { notFound } from '../../../errors/index.ts';
import type { Storage, WebhookCallRecord, WebhookDefinitionRecord } from '../../../storage/port/index.ts';
import { parsePage } from '../../shared/paging.ts';
import { CALL_LOG_KEEP } from './delivery-job.ts';

/** The call log's page size unless `limit` says otherwise (as the hosted service). */
const CALLS_PAGE = 20;

export interface WebhookHealthView {
  definition: WebhookDefinitionRecord;
  total: number;
  healthy: number;
}

/** The call log and health of a space's webhooks (the Settings permission is the authorizer's). */
export function deliveryLogService(storage: Storage) {
  const { webhooks, webhookCalls } = storage.repos;

  async function definition(spaceId: string, webhookId: string): Promise<WebhookDefinitionRecord> {
    return (await webhooks.find(spaceId, webhookId)) ?? Promise.reject(notFound('WebhookDefinition', webhookId));
  }

  return {
    /** `order` is accepted and ignored: the log is always newest first. */
    async list(spaceId: string, webhookId: string, query: { skip?: unknown; limit?: unknown; order?: unknown }) {
      await definition(spaceId, webhookId);
      const page = parsePage({ skip: query.skip, limit: query.limit ?? CALLS_PAGE }, {}, []);
      return { page, ...(await webhookCalls.list(spaceId, webhookId, page, CALL_LOG_KEEP)) };
    },

    async get(spaceId: string, webhookId: string, callId: string): Promise<WebhookCallRecord> {
      await definition(spaceId, webhookId);
      return (
        (await webhookCalls.find(spaceId, webhookId, callId, CALL_LOG_KEEP)) ??
        Promise.reject(notFound('WebhookCallDetails', callId))
      );
    },

    async health(spaceId: string, webhookId: string): Promise<WebhookHealthView> {
      const found = await definition(spaceId, webhookId);
      return { definition: found, ...(await webhookCalls.health(spaceId, webhookId, CALL_LOG_KEEP)) };
    },
  };
}

export type DeliveryLogService = ReturnType<typeof deliveryLogService>;
