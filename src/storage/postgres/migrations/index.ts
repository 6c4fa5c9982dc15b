import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as content from './0002-content.ts';
import * as search from './0005-search.ts';
import * as uploads from './0006-uploads.ts';
import * as entryValues from './0007-entry-values.ts';
import * as housekeeping from './0008-housekeeping.ts';
import * as environmentCopyKeys from './0009-environment-copy-keys.ts';
import * as entryContentTypeCheck from './0010-entry-content-type-check.ts';
import * as entryValuesDelete from './0011-entry-values-delete.ts';
import * as contentNotify from './0012-content-notify.ts';
import * as entryValuesFastPath from './0013-entry-values-fast-path.ts';
import * as entryValueKindsColumns from './0014-entry-value-kinds-columns.ts';
import * as contentAnnounce from './0015-content-announce.ts';
import * as tagsIndexesOfTaggedRows from './0016-tags-indexes-of-tagged-rows.ts';
import * as rateLimitsTable from './0017-rate-limits-table.ts';
import * as entryValuesPublishDraft from './0018-entry-values-publish-draft.ts';
import * as entryValuesOfDroppedSlots from './0019-entry-values-of-dropped-slots.ts';
import * as entryLinksStates from './0020-entry-links-states.ts';
import * as lookupIndexShapes from './0021-lookup-index-shapes.ts';
import * as roles from './0022-roles.ts';
import * as invitations from './0023-invitations.ts';
import * as teams from './0024-teams.ts';
import * as teamSpaceMemberships from './0025-team-space-memberships.ts';
import * as contentEvents from './0026-content-events.ts';
import * as webhooks from './0027-webhooks.ts';
import * as webhookCalls from './0028-webhook-calls.ts';
import * as eventEnvironmentPath from './0029-event-environment-path.ts';
import * as webhookCallsUnlogged from './0030-webhook-calls-unlogged.ts';
import * as eventConsumers from './0031-event-consumers.ts';
import * as scheduledActions from './0032-scheduled-actions.ts';
import * as apiUsage from './0033-api-usage.ts';
import * as scheduledActionEvents from './0034-scheduled-action-events.ts';
import * as apps from './0035-apps.ts';

/** Forward-only migrations, applied in name order at start. Never edit one that has shipped: add the next. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-content': content,
  '0005-search': search,
  '0006-uploads': uploads,
  '0007-entry-values': entryValues,
  '0008-housekeeping': housekeeping,
  '0009-environment-copy-keys': environmentCopyKeys,
  '0010-entry-content-type-check': entryContentTypeCheck,
  '0011-entry-values-delete': entryValuesDelete,
  '0012-content-notify': contentNotify,
  '0013-entry-values-fast-path': entryValuesFastPath,
  '0014-entry-value-kinds-columns': entryValueKindsColumns,
  '0015-content-announce': contentAnnounce,
  '0016-tags-indexes-of-tagged-rows': tagsIndexesOfTaggedRows,
  '0017-rate-limits-table': rateLimitsTable,
  '0018-entry-values-publish-draft': entryValuesPublishDraft,
  '0019-entry-values-of-dropped-slots': entryValuesOfDroppedSlots,
  '0020-entry-links-states': entryLinksStates,
  '0021-lookup-index-shapes': lookupIndexShapes,
  '0022-roles': roles,
  '0023-invitations': invitations,
  '0024-teams': teams,
  '0025-team-space-memberships': teamSpaceMemberships,
  '0026-content-events': contentEvents,
  '0027-webhooks': webhooks,
  '0028-webhook-calls': webhookCalls,
  '0029-event-environment-path': eventEnvironmentPath,
  '0030-webhook-calls-unlogged': webhookCallsUnlogged,
  '0031-event-consumers': eventConsumers,
  '0032-scheduled-actions': scheduledActions,
  '0033-api-usage': apiUsage,
  '0034-scheduled-action-events': scheduledActionEvents,
  '0035-apps': apps,
};
