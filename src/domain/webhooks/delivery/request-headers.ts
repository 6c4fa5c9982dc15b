import { hash } from 'node:crypto';

/** The collection segment of a CRN per entity type. */
const CRN_COLLECTIONS: Record<string, string> = { Entry: 'entries', Asset: 'assets', ContentType: 'content_types' };

/** `ContentManagement.<Type>.<action>`, the `X-<Vendor>-Topic` of an event. */
export const webhookTopic = (entityType: string, action: string): string => `ContentManagement.${entityType}.${action}`;

/** `crn:<vendor>:::content:spaces/<s>/environments/<e>/<entries|assets|content_types>/<id>`, the `X-<Vendor>-CRN`. */
export function webhookCrn(
  vendorToken: string,
  spaceId: string,
  environmentId: string,
  entityType: string,
  entityId: string,
): string {
  return `crn:${vendorToken}:::content:spaces/${spaceId}/environments/${environmentId}/${CRN_COLLECTIONS[entityType]}/${entityId}`;
}

/**
 * `X-<Vendor>-Idempotency-Key`: sha256 hex of `<event id>:<webhook id>`, so every attempt of one event's call to one
 * webhook shares it and two webhooks called for one event never do.
 */
export const idempotencyKey = (eventId: string, webhookId: string): string =>
  hash('sha256', `${eventId}:${webhookId}`, 'hex');

/** What a call about a content event says of it (webhook calls and app event deliveries alike). */
export interface EventCallEnvelope {
  /** `ContentManagement.<Type>.<action>` (`webhookTopic`). */
  topic: string;
  /** The content event's id: with the receiver's id it makes the idempotency key. */
  eventId: string;
  /** `X-<Vendor>-Event-Datetime`, ISO 8601. */
  eventDatetime: string;
  /** `X-<Vendor>-CRN` (`webhookCrn`). */
  crn: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** `X-<Vendor>-Scheduled-Action-Id`: the scheduled action whose execution made the event, if one did. */
  scheduledActionId?: string | null;
}

/**
 * The headers every call about a content event carries (reference §6): `Content-Type`, `X-<Vendor>-Topic`,
 * `-Webhook-Request-Attempt`, `-Event-Datetime`, `-CRN`, `-Idempotency-Key` (of the event and `receiverId`, the
 * webhook's or the app's id), and `-Scheduled-Action-Id` for the events a scheduled action's execution made.
 */
export function eventCallHeaders(
  prefix: string,
  contentType: string,
  envelope: EventCallEnvelope,
  receiverId: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    [`${prefix}-Topic`]: headerValue(envelope.topic),
    [`${prefix}-Webhook-Request-Attempt`]: String(envelope.attempt),
    [`${prefix}-Event-Datetime`]: envelope.eventDatetime,
    [`${prefix}-CRN`]: headerValue(envelope.crn),
    [`${prefix}-Idempotency-Key`]: idempotencyKey(envelope.eventId, receiverId),
  };
  if (envelope.scheduledActionId) headers[`${prefix}-Scheduled-Action-Id`] = envelope.scheduledActionId;
  return headers;
}

/** What an HTTP field value may hold as is: tab, visible ASCII, space and the bytes 0x80-0xFF (sent as Latin-1). */
const FIELD_VALUE = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A value an HTTP client can send. Values holding a character above 0xFF (or a control character) are sent in the
 * RFC 8187 extended form, `UTF-8''` followed by the percent-encoded UTF-8 bytes (`Caf\u00e9 \u2713` ->
 * `UTF-8''Caf%C3%A9%20%E2%9C%93`); receivers recognise it by the `UTF-8''` prefix and decode it with
 * `decodeURIComponent`. Other values are sent as they are.
 */
export function headerValue(value: string): string {
  if (FIELD_VALUE.test(value)) return value;
  const encoded = encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd')).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `UTF-8''${encoded}`;
}

export function basicAuthorization(username: string, password: string | null): string {
  return `Basic ${Buffer.from(`${username}:${password ?? ''}`, 'utf8').toString('base64')}`;
}

/** Sets a header, replacing one of the same name in any case. */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) delete headers[key];
  headers[name] = value;
}

/** The value of a header in any case of its name. */
export function findHeader(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  const key = Object.keys(headers).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : headers[key];
}
