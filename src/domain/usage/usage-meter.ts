import type { UsageCount, UsageMetric } from '../../storage/port/index.ts';

/** Every metric of the Usage API, in the order reports list them by default. */
export const USAGE_METRICS: readonly UsageMetric[] = ['cma', 'cda', 'cpa', 'gql'];

const DAY_MS = 86_400_000;

/**
 * Requests counted in this process's memory per metric, UTC day, organization and space, until a flush takes them
 * (`workers/usage-flush.ts`). Counting is a map increment: no statement on the request path.
 */
export interface UsageMeter {
  /** One request of `metric` now, in `spaceId` of the organization or (without one) on the organization's own paths. */
  count(metric: UsageMetric, organizationId: string, spaceId?: string): void;
  /** Every count not taken yet, one per key; the meter starts again from none. */
  take(): UsageCount[];
  /** Counts a flush could not store, added back to those counted since. */
  giveBack(counts: readonly UsageCount[]): void;
}

export function usageMeter(now: () => number = Date.now): UsageMeter {
  let counts = new Map<string, UsageCount>();
  let day = '';
  let dayStarts = 0;
  let dayEnds = 0;

  // The day's name is worked out once per day (or when the clock goes back), not per request.
  const today = (): string => {
    const t = now();
    if (t >= dayEnds || t < dayStarts) {
      dayStarts = Math.floor(t / DAY_MS) * DAY_MS;
      dayEnds = dayStarts + DAY_MS;
      day = new Date(dayStarts).toISOString().slice(0, 10);
    }
    return day;
  };

  // Ids never hold a space (`^[a-zA-Z0-9-_.]{1,64}$`), so the key is unambiguous.
  const add = (metric: UsageMetric, on: string, organizationId: string, spaceId: string | null, n: number) => {
    const key = `${metric} ${on} ${organizationId} ${spaceId ?? ''}`;
    const kept = counts.get(key);
    if (kept) kept.count += n;
    else counts.set(key, { organizationId, spaceId, metric, day: on, count: n });
  };

  return {
    count: (metric, organizationId, spaceId) => add(metric, today(), organizationId, spaceId ?? null, 1),
    take() {
      const taken = [...counts.values()];
      counts = new Map();
      return taken;
    },
    giveBack(taken) {
      for (const c of taken) add(c.metric, c.day, c.organizationId, c.spaceId, c.count);
    },
  };
}
