import { sql } from 'kysely';
import type { SearchQuery } from '../../../domain/search/query.ts';
import type { SearchOptions, SearchPage, SearchRepository, SearchScope } from '../../port/search.ts';
import { toContentType } from '../content-types-repository.ts';
import { toContent } from '../content-rows.ts';
import { toEntry } from '../entries-repository.ts';
import type { CacheContext } from '../cache-context.ts';
import { environmentContentTags } from '../cache-policies.ts';
import type { Executor } from '../executor.ts';
import { cached } from '../read-cache.ts';
import { compileCondition } from './compile-condition.ts';
import { compileOrder } from './compile-order.ts';
import { indexedCount } from './indexed-count.ts';
import { indexedPage, type PageStatement } from './indexed-page.ts';
import { searchColumns } from './projection.ts';
import { linkingEntries } from './linking-entries.ts';
import { splitLinkedRows, withLinkedEntries } from './with-linked-entries.ts';
import { column, compileContext, type Sql } from './sql-values.ts';

/**
 * The statement of a search: the rows of one environment (published ones only for the published state), of the
 * content type when one is named, that pass the condition. Field ids, locales, paths and values are all bound
 * parameters; table and alias names are constants of the compiler.
 */
export function compileSearch(query: SearchQuery): {
  table: 'entries' | 'assets';
  where: (scope: SearchScope) => Sql;
  order: Sql;
} {
  const table = query.target === 'Entry' ? 'entries' : 'assets';
  const ctx = compileContext(table, query.state);
  const condition = compileCondition(query.where, ctx);
  const order = compileOrder(query.order, ctx);
  const where = (scope: SearchScope) => {
    const parts: Sql[] = [
      sql`${column(ctx, 'space_id')} = ${scope.spaceId}::text`,
      sql`${column(ctx, 'environment_id')} = ${scope.environmentId}::text`,
    ];
    if (query.state === 'published') parts.push(sql`${column(ctx, 'published_version')} is not null`);
    if (query.contentTypeId !== undefined && table === 'entries')
      parts.push(sql`${column(ctx, 'content_type_id')} = ${query.contentTypeId}::text`);
    parts.push(condition);
    return sql.join(parts, sql` and `);
  };
  return { table, where, order };
}

/**
 * `cache`: totals are kept in the read cache per (environment, count statement and values) until a write to the
 * environment's content, model, locales or tags: an exact count of a large match is the costly part of a search, and
 * the page beside it is always read afresh. Inside a transaction (no cache) every total is counted.
 */
export function searchRepository(db: Executor, cache?: CacheContext): SearchRepository {
  function totalOf(scope: SearchScope, statement: Sql): Promise<number> {
    const compiled = statement.compile(db);
    const count = async () => ((await db.executeQuery(compiled)).rows[0] as { n: number } | undefined)?.n ?? 0;
    if (!cache?.cache) return count();
    const key = `total:${scope.spaceId}:${scope.environmentId}:${compiled.sql}:${JSON.stringify(compiled.parameters)}`;
    return cached(cache.cache, key, count, () => environmentContentTags(scope.spaceId, scope.environmentId)).then(
      (n) => n ?? 0,
    );
  }

  async function run<R>(
    scope: SearchScope,
    query: SearchQuery,
    toRecord: (row: any) => R,
    options: SearchOptions = {},
  ): Promise<SearchPage<R>> {
    const compiled = compileSearch(query);
    const { table, where, order } = compiled;
    const from = sql`${sql.table(table)} as r`;
    // The search index (entry_values) answers the total and the page when it can; the entries' JSON otherwise.
    const count =
      options.total === false
        ? Promise.resolve(0)
        : totalOf(
            scope,
            indexedCount(scope, query) ??
              sql<{ n: number }>`select count(*)::int as n from ${from} where ${where(scope)}`,
          );
    const page: PageStatement = indexedPage(db, scope, query, compiled) ?? {
      statement: sql`select ${searchColumns(table, query.state)} from ${from} where ${where(scope)} order by ${order} offset ${query.skip}::bigint limit ${query.limit}::bigint`,
      complete: async (rows) => rows,
    };
    const linkedOf = table === 'entries' && options.linkedEntriesOf?.length ? options.linkedEntriesOf : undefined;
    const rows =
      query.limit === 0
        ? Promise.resolve({ pageRows: [], linkedRows: [] })
        : linkedOf
          ? withLinkedEntries(page.statement, scope, query.state, linkedOf)
              .execute(db)
              .then((r) => splitLinkedRows(r.rows as Array<Record<string, unknown>>))
          : page.statement.execute(db).then((r) => ({ pageRows: r.rows, linkedRows: [] }));
    const [total, { pageRows, linkedRows }] = await Promise.all([count, rows]);
    const items = (await page.complete(pageRows)).map(toRecord);
    return linkedOf ? { items, total, linkedEntries: linkedRows.map(toEntry) } : { items, total };
  }

  return {
    async activatedContentTypes(scope, ids) {
      let query = db
        .selectFrom('content_types')
        .selectAll()
        .where('space_id', '=', scope.spaceId)
        .where('environment_id', '=', scope.environmentId)
        .where('published', 'is not', null);
      if (ids !== 'all') {
        if (ids.length === 0) return new Map();
        query = query.where('id', 'in', ids);
      }
      const rows = await query.execute();
      return new Map(rows.map((r) => [r.id, toContentType(r).published!]));
    },
    entries: (scope, query, options) => run(scope, query, toEntry, options),
    assets: (scope, query, options) => run(scope, query, toContent, options),
    linkingEntries: (scope, query) => linkingEntries(db, scope, query),
  };
}
