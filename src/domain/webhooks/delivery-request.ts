import { createHash } from 'node:crypto';
import type { WebhookCallRecord, WebhookDefinitionRecord } from '../../storage/port/index.ts';
import type { OutboundRequest } from './delivery-sender.ts';

const COLLECTIONS: Record<string, string> = { Entry: 'entries', Asset: 'assets', ContentType: 'content_types' };

/** `X-<Vendor>-Idempotency-Key`: the same for every attempt of one event's call to one webhook. */
export const idempotencyKey = (eventId: string, webhookId: string) => createHash('sha256').update(`${eventId}:${webhookId}`).digest('hex');

/** What the request of a call is built from, besides its definition. */
export function callContext(call: WebhookCallRecord, vendorToken: string) {
  return {
    topic: call.topic, attempt: call.attempt, eventAt: call.eventAt, payload: call.payload, actorId: call.actorId,
    crn: `crn:${vendorToken}:::content:spaces/${call.spaceId}/environments/${call.environmentId}/${COLLECTIONS[call.entityType]}/${call.entityId}`,
    idempotencyKey: idempotencyKey(call.eventId, call.webhookId),
  };
}

/** Interim default request (no transformation, no signing): replaced by `buildWebhookRequest`. */
export function defaultRequest(call: WebhookCallRecord, definition: WebhookDefinitionRecord, vendor: { token: string; headerPrefix: string; mgmtMediaType: string }): OutboundRequest {
  const c = callContext(call, vendor.token);
  const p = vendor.headerPrefix;
  const headers: Record<string, string> = {
    'Content-Type': vendor.mgmtMediaType, [`${p}-Topic`]: c.topic, [`${p}-Webhook-Name`]: definition.name,
    [`${p}-Webhook-Request-Attempt`]: String(c.attempt), [`${p}-Event-Datetime`]: c.eventAt, [`${p}-CRN`]: c.crn,
    [`${p}-Idempotency-Key`]: c.idempotencyKey,
  };
  for (const h of definition.headers) headers[h.key] = h.value;
  if (definition.httpBasicUsername) {
    headers.Authorization = `Basic ${Buffer.from(`${definition.httpBasicUsername}:${definition.httpBasicPassword ?? ''}`).toString('base64')}`;
  }
  return { url: definition.url, method: 'POST', headers, body: JSON.stringify(c.payload) };
}
