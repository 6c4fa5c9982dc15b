import type { ScheduledActionPage } from '../../domain/scheduled-actions/scheduled-action-page.ts';
import { toMillisIso } from '../../lib/time.ts';
import type { ScheduledActionRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

export const presentScheduledAction = (a: ScheduledActionRecord) => ({
  entity: link(a.entityType, a.entityId),
  environment: link('Environment', a.environmentId),
  scheduledFor: {
    datetime: toMillisIso(a.scheduledFor),
    ...(a.timezone === null ? {} : { timezone: a.timezone }),
  },
  action: a.action,
  ...(a.status === 'failed' && a.error ? { error: a.error } : {}),
  sys: {
    type: 'ScheduledAction',
    id: a.id,
    status: a.status,
    version: a.version,
    space: link('Space', a.spaceId),
    createdBy: userLink(a.createdBy),
    createdAt: toMillisIso(a.createdAt),
    updatedBy: userLink(a.updatedBy),
    updatedAt: toMillisIso(a.updatedAt),
    ...(a.canceledAt === null ? {} : { canceledAt: toMillisIso(a.canceledAt), canceledBy: userLink(a.canceledBy) }),
  },
});

/** A cursor page: no `total` nor `skip` (as the hosted service answers scheduled actions). */
export const presentScheduledActionPage = (page: ScheduledActionPage) => ({
  sys: { type: 'Array' },
  items: page.items.map(presentScheduledAction),
  limit: page.limit,
  pages: page.pages,
});
