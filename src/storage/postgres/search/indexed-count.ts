import { sql } from 'kysely';
import type { SearchQuery } from '../../../domain/search/query.ts';
import type { SearchScope } from '../../port/search.ts';
import {
  conjuncts,
  inState,
  indexedComparison,
  slotsArray,
  valuePredicate,
  type IndexedComparison,
} from './indexed-values.ts';
import type { Sql } from './sql-values.ts';

/**
 * The total of an entry search whose condition is only comparisons the search index answers, counted in the index
 * alone (an index-only range scan per comparison): exact, without reading an entry. Undefined for other searches.
 *
 * An entry counts once however many of its locales match (`any` locale): with one slot (a field never given a value
 * in a second locale, the common case) the rows are counted as they are; otherwise distinct entry ids are. Several
 * comparisons intersect their entry ids.
 */
export function indexedCount(scope: SearchScope, query: SearchQuery): Sql | undefined {
  if (query.target !== 'Entry' || query.contentTypeId === undefined) return undefined;
  const parts = conjuncts(query.where);
  if (parts.length === 0) return undefined;
  const comparisons = parts.map((c) => indexedComparison(c, query.contentTypeId!));
  if (comparisons.some((c) => c === undefined)) return undefined;

  const matching = (c: IndexedComparison, slots: Sql) => sql`from entry_values as v
    where v.slot = any(${slots}) and ${valuePredicate('v', c)} and ${inState('v', query.state)}`;
  if (comparisons.length === 1) {
    const c = comparisons[0]!;
    return sql<{ n: number }>`select case when cardinality(s.ids) <= 1
        then (select count(*) ${matching(c, sql`s.ids`)})
        else (select count(distinct v.entry_id) ${matching(c, sql`s.ids`)}) end::int as n
      from (select ${slotsArray(scope, c.field)} as ids) as s`;
  }
  const sets = comparisons.map((c) => sql`select v.entry_id ${matching(c!, slotsArray(scope, c!.field))}`);
  return sql<{ n: number }>`select count(*)::int as n from (${sql.join(sets, sql` intersect `)}) as matched`;
}
