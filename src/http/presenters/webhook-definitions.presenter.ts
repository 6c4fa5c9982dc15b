import { toSecondsIso } from '../../lib/time.ts';
import type { WebhookDefinitionRecord, WebhookHeader, WebhookSigningSecretRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

/** A secret header shows its key only; its value never leaves the server. */
const presentHeader = (h: WebhookHeader) => (h.secret ? { key: h.key, secret: true } : { key: h.key, value: h.value });

/** The wire form of a definition: without secret header values and without the basic-auth password (write-only). */
export const presentWebhookDefinition = (d: WebhookDefinitionRecord) => ({
  name: d.name,
  url: d.url,
  topics: d.topics,
  filters: d.filters,
  headers: d.headers.map(presentHeader),
  httpBasicUsername: d.httpBasicUsername,
  active: d.active,
  transformation: d.transformation,
  sys: {
    type: 'WebhookDefinition',
    id: d.id,
    version: d.version,
    space: link('Space', d.spaceId),
    createdBy: userLink(d.createdBy),
    createdAt: toSecondsIso(d.createdAt),
    updatedBy: userLink(d.updatedBy),
    updatedAt: toSecondsIso(d.updatedAt),
  },
});

/** The signing secret shows its last four characters only. */
export const presentWebhookSigningSecret = (s: WebhookSigningSecretRecord) => ({
  redactedValue: s.value.slice(-4),
  sys: {
    type: 'WebhookSigningSecret',
    version: s.version,
    space: link('Space', s.spaceId),
    createdBy: userLink(s.createdBy),
    createdAt: toSecondsIso(s.createdAt),
    updatedBy: userLink(s.updatedBy),
    updatedAt: toSecondsIso(s.updatedAt),
  },
});
