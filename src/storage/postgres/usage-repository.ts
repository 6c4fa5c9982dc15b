import { sql } from 'kysely';
import type { UsageMetric, UsageRepository, UsageWindow } from '../port/usage.ts';
import type { Executor } from './executor.ts';

/** `space_id` of the requests on an organization's own paths (a primary key column cannot be null). */
const NO_SPACE = '';

interface DayRow {
  metric: UsageMetric;
  day: string;
  n: number;
}

/** The Usage API's counts (migration 0033): added by each process's flush, read by the reports. */
export function usageRepository(db: Executor): UsageRepository {
  const inWindow = (organizationId: string, w: UsageWindow) =>
    sql`organization_id = ${organizationId} and day between ${w.from}::date and ${w.to}::date
      and metric = any(${[...w.metrics]}::text[])`;

  return {
    async add(counts) {
      if (counts.length === 0) return;
      // One row per key (the meter's map): `on conflict` may not meet one row twice in a statement.
      await sql`
        insert into api_usage (organization_id, day, metric, space_id, n)
        select * from unnest(${counts.map((c) => c.organizationId)}::text[], ${counts.map((c) => c.day)}::date[],
          ${counts.map((c) => c.metric)}::text[], ${counts.map((c) => c.spaceId ?? NO_SPACE)}::text[],
          ${counts.map((c) => c.count)}::bigint[])
        on conflict (organization_id, day, metric, space_id) do update set n = api_usage.n + excluded.n`.execute(db);
    },

    async organizationDays(organizationId, window) {
      const { rows } = await sql<DayRow>`
        select metric, day::text as day, sum(n)::bigint as n from api_usage
        where ${inWindow(organizationId, window)}
        group by metric, day`.execute(db);
      return rows.map((r) => ({ metric: r.metric, day: r.day, count: Number(r.n) }));
    },

    async spaceDays(organizationId, window) {
      const { rows } = await sql<DayRow & { space_id: string }>`
        select space_id, metric, day::text as day, n from api_usage
        where ${inWindow(organizationId, window)} and space_id <> ${NO_SPACE}`.execute(db);
      return rows.map((r) => ({ spaceId: r.space_id, metric: r.metric, day: r.day, count: Number(r.n) }));
    },

    async spacesOf(organizationId, window) {
      const { rows } = await sql<{ id: string }>`
        select id from spaces where organization_id = ${organizationId}
        union
        select distinct space_id from api_usage where ${inWindow(organizationId, window)} and space_id <> ${NO_SPACE}
        order by 1`.execute(db);
      return rows.map((r) => r.id);
    },
  };
}
