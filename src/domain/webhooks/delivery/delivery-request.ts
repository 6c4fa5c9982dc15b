import type { VendorNames } from '../../../config.ts';
import type { PendingWebhookCall, WebhookDefinitionRecord } from '../../../storage/port/index.ts';
import type { OutboundRequest } from './transport.ts';
import { buildWebhookRequest } from './request-builder.ts';
import { webhookCrn } from './request-headers.ts';

export interface CallRequestOptions {
  vendor: VendorNames;
  /** The cloud signing proxy's URL, for definitions that use it. */
  signingProxyUrl?: string;
}

/**
 * The request of one attempt of a call: its body (rendered when the event was dispatched) sent as its definition says
 * now. Throws `WebhookRequestError` when no request can be made (the call then records the error).
 */
export function callRequest(
  call: PendingWebhookCall,
  definition: WebhookDefinitionRecord,
  signingSecret: string | undefined,
  options: CallRequestOptions,
): OutboundRequest {
  return buildWebhookRequest({
    definition,
    payloadText: call.body,
    topic: call.topic,
    actorId: call.actorId,
    eventId: call.eventId,
    eventDatetime: call.eventAt,
    crn: webhookCrn(options.vendor.token, call.spaceId, call.environmentId, call.entityType, call.entityId),
    attempt: call.attempt,
    scheduledActionId: call.scheduledActionId,
    vendor: options.vendor,
    signingSecret,
    signingProxyUrl: options.signingProxyUrl,
  });
}
