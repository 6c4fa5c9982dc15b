import type { PageRequest, Storage, UsageMetric, UsageWindow } from '../../storage/port/index.ts';
import { daysOf, parseUsageQuery, usageQueryInput, type UsageOrderKey } from './usage-query.ts';

/** One metric's requests per day over a window, of an organization or (with `spaceId`) of one of its spaces. */
export interface PeriodicUsage {
  id: string;
  metric: UsageMetric;
  organizationId: string;
  spaceId?: string;
  window: UsageWindow;
  /** Every day of the window, zeros included. */
  perDay: Record<string, number>;
  total: number;
}

export interface UsagePage {
  items: PeriodicUsage[];
  total: number;
  page: PageRequest<UsageOrderKey>;
}

export interface UsageServiceOptions {
  /** Stores this process's counts before a report reads (its own requests are then in it at once). */
  beforeRead?: () => Promise<void>;
  now?: () => number;
}

const ORGANIZATION_ORDER: Record<string, UsageOrderKey> = { metric: 'metric', usage: 'usage', 'sys.id': 'id' };
const SPACE_ORDER: Record<string, UsageOrderKey> = { ...ORGANIZATION_ORDER, 'sys.space.sys.id': 'space' };

function sortKey(item: PeriodicUsage, key: UsageOrderKey): string | number {
  if (key === 'usage') return item.total;
  if (key === 'metric') return item.metric;
  if (key === 'space') return item.spaceId ?? '';
  return item.id;
}

/** The page asked for, in its order; ties by `sys.id`, so pages never overlap. */
function pageOf(items: PeriodicUsage[], page: PageRequest<UsageOrderKey>): UsagePage {
  const sorted = [...items].sort((a, b) => {
    for (const { key, direction } of [...page.order, { key: 'id' as const, direction: 'asc' as const }]) {
      const x = sortKey(a, key);
      const y = sortKey(b, key);
      if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  });
  return { items: sorted.slice(page.skip, page.skip + page.limit), total: items.length, page };
}

/** The items of `owners` x the window's metrics, each with every day (zeros) and the counts read. */
function periodicUsages(
  organizationId: string,
  owners: ReadonlyArray<string | undefined>,
  window: UsageWindow,
  counts: ReadonlyArray<{ spaceId?: string; metric: UsageMetric; day: string; count: number }>,
): PeriodicUsage[] {
  const days = daysOf(window);
  const items = new Map<string, PeriodicUsage>();
  for (const spaceId of owners) {
    for (const metric of window.metrics) {
      const perDay = Object.fromEntries(days.map((d) => [d, 0]));
      const id = `usage-${metric}-${spaceId ?? organizationId}-${window.from}-${window.to}`;
      items.set(`${metric} ${spaceId ?? ''}`, { id, metric, organizationId, spaceId, window, perDay, total: 0 });
    }
  }
  for (const c of counts) {
    const item = items.get(`${c.metric} ${c.spaceId ?? ''}`);
    if (!item) continue;
    item.perDay[c.day] = (item.perDay[c.day] ?? 0) + c.count;
    item.total += c.count;
  }
  return [...items.values()];
}

/** The Usage API's reports: an organization's requests, and its spaces' (`usage-query.ts` checks the query). */
export function usageService(storage: Pick<Storage, 'repos'>, options: UsageServiceOptions = {}) {
  const { usage } = storage.repos;
  const now = options.now ?? Date.now;
  return {
    async forOrganization(organizationId: string, rawQuery: string): Promise<UsagePage> {
      const { window, page } = parseUsageQuery(usageQueryInput(rawQuery), ORGANIZATION_ORDER, now());
      await options.beforeRead?.();
      const counts = await usage.organizationDays(organizationId, window);
      return pageOf(periodicUsages(organizationId, [undefined], window, counts), page);
    },

    async forSpaces(organizationId: string, rawQuery: string): Promise<UsagePage> {
      const { window, page } = parseUsageQuery(usageQueryInput(rawQuery), SPACE_ORDER, now());
      await options.beforeRead?.();
      const [spaces, counts] = await Promise.all([
        usage.spacesOf(organizationId, window),
        usage.spaceDays(organizationId, window),
      ]);
      return pageOf(periodicUsages(organizationId, spaces, window, counts), page);
    },
  };
}

export type UsageService = ReturnType<typeof usageService>;
