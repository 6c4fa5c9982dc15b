import type { WebhookCallRecord } from '../../storage/port/index.ts';
import type { WebhookHealthView } from '../../domain/webhooks/delivery/delivery-log-service.ts';
import { toMillisIso } from '../../lib/time.ts';
import { link, userLink } from './links.ts';

const sys = <T extends string>(type: T, c: WebhookCallRecord) => ({
  type,
  id: c.id,
  space: link('Space', c.spaceId),
  createdBy: link('WebhookDefinition', c.webhookId),
  createdAt: toMillisIso(c.createdAt),
});

const summary = (c: WebhookCallRecord) => ({
  statusCode: c.statusCode,
  errors: c.errors,
  eventType: c.topic.slice(c.topic.lastIndexOf('.') + 1),
  url: c.url ?? '',
  requestAt: toMillisIso(c.requestAt ?? c.createdAt),
  responseAt: c.responseAt ? toMillisIso(c.responseAt) : null,
});

export const presentWebhookCallOverview = (c: WebhookCallRecord) => ({
  sys: sys('WebhookCallOverview', c),
  ...summary(c),
});

export const presentWebhookCallDetails = (c: WebhookCallRecord) => ({
  sys: sys('WebhookCallDetails', c),
  ...summary(c),
  request: c.request ?? { url: c.url ?? '', method: 'POST', headers: {}, body: '', timeout: 0 },
  response: c.response,
});

export const presentWebhookHealth = ({ definition: d, total, healthy }: WebhookHealthView) => ({
  sys: { type: 'Webhook' as const, id: d.id, space: link('Space', d.spaceId), createdBy: userLink(d.createdBy) },
  calls: { total, healthy },
});
