import { sql } from 'kysely';
import type { SearchQuery } from '../../../domain/search/query.ts';
import type { SearchScope } from '../../port/search.ts';
import type { Executor } from '../executor.ts';
import { compileOrder } from './compile-order.ts';
import { searchColumns } from './projection.ts';
import { inState, indexedOrderField, slotOf, type IndexedField } from './indexed-values.ts';
import { compileContext, type Sql } from './sql-values.ts';

export interface CompiledSearch {
  where: (scope: SearchScope) => Sql;
}

/** The statement of a page's first rows, and what completes the page from the rows it returned. */
export interface PageStatement {
  statement: Sql;
  complete(rows: unknown[]): Promise<unknown[]>;
}

/**
 * A page of an entry search ordered first by a field the search index holds (one locale): the index gives the
 * entries that have a value in that order, so only the page's rows (and the ones the condition turns down on the
 * way) are read; the condition is checked on each entry row as in any search. Entries without a value come after
 * all the others (missing values sort last), ordered by the remaining keys; they are read only when the page
 * reaches past the last entry with a value. Undefined for other searches.
 */
export function indexedPage(
  db: Executor,
  scope: SearchScope,
  query: SearchQuery,
  compiled: CompiledSearch,
): PageStatement | undefined {
  if (query.target !== 'Entry' || query.contentTypeId === undefined) return undefined;
  const field = indexedOrderField(query.order[0], query.contentTypeId);
  if (!field) return undefined;
  const direction = query.order[0]!.kind === 'path' && query.order[0]!.direction === 'desc' ? 'desc' : 'asc';
  // The remaining keys (the id tie-break at least) over the entry row `r`, as compiled for any search.
  const rest = compileOrder(query.order.slice(1), compileContext('entries', query.state));
  const columns = searchColumns('entries', query.state);
  const withValue = withValueRows(scope, query, field, compiled);
  return {
    statement: sql`select ${columns} ${withValue} order by ${valueColumn(field)} ${sql.raw(direction)}, ${rest}
      offset ${query.skip}::bigint limit ${query.limit}::bigint`,
    async complete(rows: unknown[]): Promise<unknown[]> {
      if (rows.length === query.limit) return rows;
      // The page reaches past the entries with a value: those without one follow. When the page starts past the last
      // entry with a value, how many there are decides where the others start.
      let skip = 0;
      if (rows.length === 0 && query.skip > 0) {
        const counted = await sql<{ n: number }>`select count(*)::int as n ${withValue}`.execute(db);
        skip = Math.max(0, query.skip - (counted.rows[0]?.n ?? 0));
      }
      const without = await sql`select ${columns} from entries as r where ${compiled.where(scope)}
        and not exists (select 1 from entry_values as o where o.slot = ${slotOf(scope, field)} and o.entry_id = r.id and ${inState('o', query.state)})
        order by ${rest} offset ${skip}::bigint limit ${query.limit - rows.length}::bigint`.execute(db);
      return [...rows, ...without.rows];
    },
  };
}

const valueColumn = (field: IndexedField): Sql => sql.ref(`o.${field.column}`);

/** `from ... where ...` of the entries with a value of `field` that pass the search's condition, joined to their row. */
function withValueRows(scope: SearchScope, query: SearchQuery, field: IndexedField, compiled: CompiledSearch): Sql {
  return sql`from entry_values as o
    join entries as r on r.space_id = ${scope.spaceId}::text and r.environment_id = ${scope.environmentId}::text and r.id = o.entry_id
    where o.slot = ${slotOf(scope, field)} and ${valueColumn(field)} is not null and ${inState('o', query.state)}
    and ${compiled.where(scope)}`;
}
