/** What the Usage API counts: the management API, the delivery and preview REST APIs, the GraphQL Content API. */
export type UsageMetric = 'cma' | 'cda' | 'cpa' | 'gql';

/** Requests of one metric on one UTC day (`YYYY-MM-DD`), in a space of the organization or (`spaceId` null) on its own paths. */
export interface UsageCount {
  organizationId: string;
  spaceId: string | null;
  metric: UsageMetric;
  day: string;
  count: number;
}

/** The days of a report, both included (`YYYY-MM-DD`), and its metrics. */
export interface UsageWindow {
  metrics: readonly UsageMetric[];
  from: string;
  to: string;
}

export interface UsageRepository {
  /** Adds the counts (one per key) to the stored ones, in one statement. */
  add(counts: readonly UsageCount[]): Promise<void>;
  /** The organization's counts per metric and day in the window, every space and its own paths together (days without requests left out). */
  organizationDays(
    organizationId: string,
    window: UsageWindow,
  ): Promise<Array<Omit<UsageCount, 'organizationId' | 'spaceId'>>>;
  /** The counts per space, metric and day in the window (days without requests left out). */
  spaceDays(
    organizationId: string,
    window: UsageWindow,
  ): Promise<Array<Omit<UsageCount, 'organizationId'> & { spaceId: string }>>;
  /** The organization's spaces, and any other space of its with requests in the window (a deleted one), by id. */
  spacesOf(organizationId: string, window: UsageWindow): Promise<string[]>;
}
