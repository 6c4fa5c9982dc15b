import { sql } from 'kysely';
import type { ContentState } from '../../../domain/search/query.ts';
import type { SearchScope } from '../../port/search.ts';
import { inLinkState } from '../entry-links.ts';
import { searchColumns } from './projection.ts';
import type { Sql } from './sql-values.ts';

/** Rows of a page statement wrapped by `withLinkedEntries`: the page's rows in order, then the linked entries. */
export interface PageAndLinkedRows {
  pageRows: unknown[];
  linkedRows: unknown[];
}

/**
 * One statement for a page of entries and the entries its rows link to through `fieldIds` (any locale, from the
 * link index), in the same state: the page's statement runs once as a CTE, numbered in its own order, and the linked
 * entries follow it. Saves the round trip of resolving those links afterwards.
 *
 * The page drives the lookups: each page row reads its own links (the link key leads with the source), and each
 * distinct target its entry by key, as LATERAL subqueries that `offset 0` keeps from being flattened into a join the
 * planner could reorder. Without statistics every estimate is one row, and a join of the environment's entries to its
 * links (an earlier `id in (...)` form) scanned every link row per entry.
 */
export function withLinkedEntries(page: Sql, scope: SearchScope, state: ContentState, fieldIds: string[]): Sql {
  const published = state === 'published' ? sql`and r.published_version is not null` : sql``;
  return sql`with page as materialized (select p.*, row_number() over () as page_position from (${page}) as p)
    select * from page
    union all
    select r.*, null from (
      select distinct l.target_id from page as p
      cross join lateral (select l.target_id from entry_links as l
        where l.source_id = p.id and l.space_id = ${scope.spaceId}::text and l.environment_id = ${scope.environmentId}::text
          and l.field_id = any(${fieldIds}::text[]) and l.target_type = 'Entry' and ${inLinkState(sql`l.states`, state)}
        offset 0) as l
    ) as t
    cross join lateral (select ${searchColumns('entries', state)} from entries as r
      where r.space_id = ${scope.spaceId}::text and r.environment_id = ${scope.environmentId}::text and r.id = t.target_id ${published}
      offset 0) as r`;
}

/** Splits the rows of a `withLinkedEntries` statement: page rows (by their position) and linked rows. */
export function splitLinkedRows(rows: Array<Record<string, unknown>>): PageAndLinkedRows {
  const pageRows: Array<Record<string, unknown>> = [];
  const linkedRows: unknown[] = [];
  for (const row of rows) (row.page_position === null ? linkedRows : pageRows).push(row);
  pageRows.sort((a, b) => Number(a.page_position) - Number(b.page_position));
  return { pageRows, linkedRows };
}
