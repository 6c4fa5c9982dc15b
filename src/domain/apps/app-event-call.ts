import type { VendorNames } from '../../config.ts';
import type { EventAction, EventEntityType } from '../../storage/port/index.ts';
import { requestContentType } from '../webhooks/delivery/request-body.ts';
import { eventCallHeaders, webhookCrn, webhookTopic } from '../webhooks/delivery/request-headers.ts';
import type { OutboundRequest } from '../webhooks/delivery/transport.ts';

/** The job kind of one app event delivery (its runner is the webhook deliveries' one: `workers/webhook-work.ts`). */
export const APP_EVENT_DELIVERY_JOB = 'apps.deliverEvent';

/**
 * One attempt of one app's call about one content event: the job's payload. It carries the body as rendered when the
 * event was claimed (JSON text, sent as it is), so the call needs no other stored state; a retry is a job of its own
 * with the next `attempt`.
 */
export type AppEventCall = {
  appDefinitionId: string;
  spaceId: string;
  /** The environment written, where the app is installed. */
  environmentId: string;
  /** The environment as the request named it (an alias id through an alias): the CRN's, as in the body. */
  requestedEnvironmentId: string;
  eventId: string;
  entityType: EventEntityType;
  entityId: string;
  action: EventAction;
  /** ISO 8601: `X-<Vendor>-Event-Datetime`. */
  eventAt: string;
  scheduledActionId: string | null;
  body: string;
  attempt: number;
};

/** `<Type>.<action>`, the topic as an app event subscription names it. */
export const appEventTopic = (entityType: string, action: string): string => `${entityType}.${action}`;

/**
 * The request of an attempt: POSTed to the subscription's target with the envelope of a webhook call (reference §6:
 * `Content-Type` the vendor's management media type, `X-<Vendor>-Topic`, `-Webhook-Request-Attempt`,
 * `-Event-Datetime`, `-CRN`, `-Idempotency-Key` of the event and the app, `-Scheduled-Action-Id` when a scheduled
 * action made the event) and `X-<Vendor>-App-Definition-Id` naming the app.
 *
 * Unsigned: the API has no app signing secret yet (the hosted service's `…/signing_secret`), so there is no key to
 * sign with; once there is one, `signatureHeaders` (`webhooks/delivery/signing.ts`) signs these headers and the body
 * as it does a webhook's.
 */
export function appEventRequest(call: AppEventCall, targetUrl: string, vendor: VendorNames): OutboundRequest {
  const prefix = vendor.headerPrefix;
  const headers = eventCallHeaders(
    prefix,
    requestContentType(null, vendor.token),
    {
      topic: webhookTopic(call.entityType, call.action),
      eventId: call.eventId,
      eventDatetime: call.eventAt,
      crn: webhookCrn(vendor.token, call.spaceId, call.requestedEnvironmentId, call.entityType, call.entityId),
      attempt: call.attempt,
      scheduledActionId: call.scheduledActionId,
    },
    call.appDefinitionId,
  );
  headers[`${prefix}-App-Definition-Id`] = call.appDefinitionId;
  return { url: targetUrl, method: 'POST', headers, body: call.body };
}
