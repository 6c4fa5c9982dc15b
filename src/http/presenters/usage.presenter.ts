import type { PeriodicUsage } from '../../domain/usage/usage-service.ts';
import { link } from './links.ts';

const fields = (u: PeriodicUsage) => ({
  metric: u.metric,
  usage: u.total,
  usagePerDay: u.perDay,
  unitOfMeasure: 'apiRequestsCount' as const,
  dateRange: { startAt: u.window.from, endAt: u.window.to },
});

export const presentOrganizationPeriodicUsage = (u: PeriodicUsage) => ({
  ...fields(u),
  sys: { type: 'OrganizationPeriodicUsage' as const, id: u.id, organization: link('Organization', u.organizationId) },
});

export const presentSpacePeriodicUsage = (u: PeriodicUsage) => ({
  ...fields(u),
  sys: {
    type: 'SpacePeriodicUsage' as const,
    id: u.id,
    organization: link('Organization', u.organizationId),
    space: link('Space', u.spaceId!),
  },
});
