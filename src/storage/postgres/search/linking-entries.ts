import { sql } from 'kysely';
import type { EntryRecord } from '../../port/content.ts';
import type { Page } from '../../port/records.ts';
import type { LinkingQuery, SearchScope } from '../../port/search.ts';
import { toEntry } from '../entries-repository.ts';
import { inLinkState } from '../entry-links.ts';
import type { Executor } from '../executor.ts';
import { searchColumns } from './projection.ts';

/**
 * The entries linking to each target, from the link index (entry_links), in ONE statement: the distinct
 * (target, source) pairs of the allowed fields and locales, numbered per target in the default order
 * (published_at descending, missing last, then id). The first row of every target is kept even outside the page,
 * so its total is known when the page is empty. The targets drive the lookups (links by target, then entries by
 * key, as LATERAL subqueries `offset 0` keeps apart) so that no plan scans an environment per row, whatever the
 * statistics (see with-linked-entries.ts).
 */
export async function linkingEntries(
  db: Executor,
  scope: SearchScope,
  q: LinkingQuery,
): Promise<Map<string, Page<EntryRecord>>> {
  const pages = new Map<string, Page<EntryRecord>>(q.targetIds.map((id) => [id, { items: [], total: 0 }]));
  if (q.targetIds.length === 0 || q.via.length === 0) return pages;
  const published = q.state === 'published' ? sql`and r.published_version is not null` : sql``;
  const result = await sql<Record<string, unknown> & { link_target: string; link_total: number; link_rank: number }>`
    with pairs as (
      select distinct l.target_id, l.source_id
      from unnest(${q.targetIds}::text[]) as k(id)
      cross join lateral (select l.target_id, l.source_id, l.field_id, l.locale from entry_links as l
        where l.target_id = k.id and l.space_id = ${scope.spaceId}::text and l.environment_id = ${scope.environmentId}::text
          and l.target_type = ${q.targetType}::text and ${inLinkState(sql`l.states`, q.state)} offset 0) as l
      cross join lateral (select r.content_type_id from entries as r
        where r.space_id = ${scope.spaceId}::text and r.environment_id = ${scope.environmentId}::text and r.id = l.source_id ${published} offset 0) as r
      join unnest(${q.via.map((v) => v.contentTypeId)}::text[], ${q.via.map((v) => v.fieldId)}::text[], ${q.via.map((v) => v.localized)}::boolean[])
        as v(content_type_id, field_id, localized)
        on v.content_type_id = r.content_type_id and v.field_id = l.field_id
      where (v.localized and l.locale = any(${q.locales}::text[])) or (not v.localized and l.locale = ${q.defaultLocale}::text)
    ), ranked as (
      select p.target_id as link_target, r.*,
        count(*) over (partition by p.target_id)::int as link_total,
        row_number() over (partition by p.target_id order by r.published_at desc nulls last, r.id asc)::int as link_rank
      from pairs as p
      cross join lateral (select ${searchColumns('entries', q.state)} from entries as r
        where r.space_id = ${scope.spaceId}::text and r.environment_id = ${scope.environmentId}::text and r.id = p.source_id offset 0) as r
    )
    select * from ranked
    where link_rank = 1 or (link_rank > ${q.skip}::bigint and link_rank <= ${q.skip + q.limit}::bigint)
    order by link_target, link_rank`.execute(db);
  for (const row of result.rows) {
    const page = pages.get(row.link_target)!;
    page.total = Number(row.link_total);
    const rank = Number(row.link_rank);
    if (rank > q.skip && rank <= q.skip + q.limit) page.items.push(toEntry(row));
  }
  return pages;
}
