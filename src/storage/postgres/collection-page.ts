import { sql, type RawBuilder } from 'kysely';
import type { CollectionPage, FilterCondition, FilterValueType } from '../port/index.ts';

/** A value filtered as presented (a timestamp truncated) but ordered by its column, which its index serves. */
interface Presented {
  filter: RawBuilder<unknown>;
  order: string;
}

/** What each key of a collection reads: a column, an expression (a JSON property) or a presented value. */
export type CollectionColumns<Key extends string> = Readonly<Record<Key, string | RawBuilder<unknown> | Presented>>;

const CASTS: Readonly<Record<FilterValueType, string>> = {
  symbol: 'text',
  date: 'timestamptz',
  integer: 'bigint',
  boolean: 'boolean',
};

const isPresented = (column: CollectionColumns<string>[string]): column is Presented =>
  typeof column === 'object' && 'filter' in column;
const filterExpression = (column: CollectionColumns<string>[string]) =>
  typeof column === 'string' ? sql.ref(column) : isPresented(column) ? column.filter : column;
const orderExpression = (column: CollectionColumns<string>[string]) =>
  typeof column === 'string' ? sql.ref(column) : isPresented(column) ? sql.ref(column.order) : column;

/** Words of `name[match]`: each must start a word of the value, case-insensitively (punctuation separates words). */
const words = (value: RawBuilder<unknown>) =>
  sql`(' ' || regexp_replace(lower(${value}::text), '[^[:alnum:]]+', ' ', 'g'))`;
const startsWord = (haystack: RawBuilder<unknown>, term: string) =>
  sql<boolean>`strpos(${haystack}, ' ' || btrim(regexp_replace(${term}::text, '[^[:alnum:]]+', ' ', 'g'))) > 0`;

/** One filter as SQL; every user value is bound. A missing value matches `ne`, `nin` and `exists=false` only. */
function condition(c: FilterCondition, column: RawBuilder<unknown>): RawBuilder<boolean> {
  const cast = sql.raw(CASTS[c.valueType]);
  const one = sql`${c.value}::${cast}`;
  const list = () => sql`${sql.val(c.value)}::${sql.raw(`${CASTS[c.valueType]}[]`)}`;
  switch (c.op) {
    case 'eq':
      return sql<boolean>`${column} = ${one}`;
    case 'ne':
      return sql<boolean>`${column} is distinct from ${one}`;
    case 'in':
      return sql<boolean>`${column} = any(${list()})`;
    case 'nin':
      return sql<boolean>`not coalesce(${column} = any(${list()}), false)`;
    case 'exists':
      return c.value ? sql<boolean>`${column} is not null` : sql<boolean>`${column} is null`;
    case 'lt':
      return sql<boolean>`${column} < ${one}`;
    case 'lte':
      return sql<boolean>`${column} <= ${one}`;
    case 'gt':
      return sql<boolean>`${column} > ${one}`;
    case 'gte':
      return sql<boolean>`${column} >= ${one}`;
    case 'match': {
      const terms = c.value as string[];
      if (terms.length === 0) return sql<boolean>`false`;
      const haystack = words(column);
      return sql<boolean>`(${sql.join(
        terms.map((t) => startsWord(haystack, t)),
        sql` and `,
      )})`;
    }
  }
}

type Filterable = { where: (expression: RawBuilder<boolean>) => any };
type Pageable = {
  orderBy: (expression: any, direction: 'asc' | 'desc') => any;
  offset: (n: number) => any;
  limit: (n: number) => any;
};

/** The query with every filter of the page applied: use it for both the page and its total. */
export function filtered<Q extends Filterable, Key extends string>(
  query: Q,
  page: CollectionPage<Key>,
  columns: CollectionColumns<Key>,
): Q {
  let q = query;
  for (const c of page.where ?? []) q = q.where(condition(c, filterExpression(columns[c.key]))) as Q;
  return q;
}

/** Orders (then by `tieBreak`, so paging is stable) and cuts the page. `fallback` is the order when the page has none. */
export function paged<Q extends Pageable, Key extends string>(
  query: Q,
  page: CollectionPage<Key>,
  columns: CollectionColumns<Key>,
  tieBreak: string | RawBuilder<unknown>,
  fallback: Key[] = [],
): Q {
  let q = query;
  const order = page.order?.length ? page.order : fallback.map((key) => ({ key, direction: 'asc' as const }));
  for (const { key, direction } of order) q = q.orderBy(orderExpression(columns[key]), direction);
  return q.orderBy(orderExpression(tieBreak), 'asc').offset(page.skip).limit(page.limit) as Q;
}

/**
 * A timestamp as it is presented (settings resources: whole seconds; content: milliseconds; stored: microseconds),
 * so a filter on a value a client read matches it.
 */
export const seconds = (column: string): Presented => ({
  filter: sql`date_trunc('second', ${sql.ref(column)})`,
  order: column,
});
export const millis = (column: string): Presented => ({
  filter: sql`date_trunc('milliseconds', ${sql.ref(column)})`,
  order: column,
});
