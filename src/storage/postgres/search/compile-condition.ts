import { sql } from 'kysely';
import type { Comparison, Condition, FieldPath } from '../../../domain/search/query.ts';
import { inLinkState } from '../entry-links.ts';
import { matchesTerms, textOf, withinArea } from './sql-text-geo.ts';
import {
  chainValue,
  column,
  comparable,
  eachElement,
  eachLocale,
  listParam,
  param,
  scalar,
  subItem,
  sysColumn,
  sysListParam,
  sysParam,
  tagged,
  tagsColumn,
  type CompileContext,
  type Sql,
} from './sql-values.ts';

const TRUE = sql`true`;
const FALSE = sql`false`;

/** The negative operators are exactly the negation of a positive one (`ne` = not `eq`, ...), missing values included. */
const NEGATIONS = { ne: 'eq', nin: 'in' } as const;

/** Compiles a condition of the query representation to a boolean SQL expression over the row `ctx.row`. */
export function compileCondition(condition: Condition, ctx: CompileContext): Sql {
  switch (condition.kind) {
    case 'and':
      return condition.conditions.length
        ? sql`(${sql.join(
            condition.conditions.map((c) => compileCondition(c, ctx)),
            sql` and `,
          )})`
        : TRUE;
    case 'or':
      return condition.conditions.length
        ? sql`(${sql.join(
            condition.conditions.map((c) => compileCondition(c, ctx)),
            sql` or `,
          )})`
        : FALSE;
    case 'not':
      return sql`(not coalesce(${compileCondition(condition.condition, ctx)}, false))`;
    case 'compare':
      return compileComparison(condition, ctx);
    case 'reference':
      return compileReference(condition, ctx);
    case 'linksTo': {
      if (ctx.table !== 'entries') return FALSE;
      const link = { ...ctx, row: ctx.alias('l') };
      return sql`exists (select 1 from entry_links as ${sql.id(link.row)} where ${column(link, 'space_id')} = ${column(ctx, 'space_id')}
        and ${column(link, 'environment_id')} = ${column(ctx, 'environment_id')} and ${column(link, 'source_id')} = ${column(ctx, 'id')}
        and ${inLinkState(column(link, 'states'), ctx.state)} and ${column(link, 'target_type')} = ${condition.targetType}::text
        and ${column(link, 'target_id')} = any(${condition.ids}::text[]))`;
    }
    case 'fullText': {
      if (condition.terms.length === 0 || condition.scopes.length === 0) return FALSE;
      const scopes = condition.scopes.map(({ contentTypeId, paths }) => {
        const text = sql`concat_ws(' ', ${sql.join(paths.map((p) => fieldText(ctx, p)))})`;
        const match = matchesTerms(text, condition.terms);
        return contentTypeId === undefined
          ? match
          : sql`(${column(ctx, 'content_type_id')} = ${contentTypeId}::text and ${match})`;
      });
      return sql`(${sql.join(scopes, sql` or `)})`;
    }
    case 'changed':
      return sql`(${column(ctx, 'published_version')} is null or ${column(ctx, 'version')} > ${column(ctx, 'published_version')} + 1)`;
  }
}

function compileComparison(c: Comparison, ctx: CompileContext): Sql {
  if (c.op === 'ne' || c.op === 'nin')
    return compileCondition({ kind: 'not', condition: { ...c, op: NEGATIONS[c.op] } as Condition }, ctx);
  if (c.op === 'exists' && c.value === false)
    return compileCondition({ kind: 'not', condition: { ...c, value: true } }, ctx);
  const { path } = c;
  if (path.kind === 'sys') {
    const col = sysColumn(ctx, path.attribute);
    switch (c.op) {
      case 'exists':
        return sql`(${col} is not null)`;
      case 'in':
        return sql`(${col} = any(${sysListParam(c.value as never, path.valueType)}))`;
      case 'contains':
        return sql`(strpos(lower(${col}), lower(${c.value}::text)) > 0)`;
      case 'prefix':
        return sql`starts_with(${col}, ${c.value}::text)`;
      case 'eq':
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte':
        return sql`(${col} ${sql.raw(COMPARATORS[c.op])} ${sysParam(c.value as never, path.valueType)})`;
      default:
        throw new Error(`operator ${c.op} does not apply to sys.${path.attribute}`);
    }
  }
  if (path.kind === 'tags') {
    const col = tagsColumn(ctx);
    switch (c.op) {
      case 'exists':
        return sql`(coalesce(cardinality(${col}), 0) > 0)`;
      case 'eq':
        return sql`(${c.value}::text = any(${col}))`;
      case 'in':
        return sql`(${col} && ${c.value}::text[] and ${tagged(col)})`;
      // Every row holds all of no tags, tagged or not.
      case 'all':
        return Array.isArray(c.value) && c.value.length > 0
          ? sql`(${col} @> ${c.value}::text[] and ${tagged(col)})`
          : sql`(${col} @> ${c.value}::text[])`;
      default:
        throw new Error(`operator ${c.op} does not apply to metadata.tags`);
    }
  }
  if (path.locale.kind === 'chain') {
    return sql`coalesce(${valuePredicate(c, chainValue(ctx, path as FieldPath & { locale: { kind: 'chain' } }), ctx)}, false)`;
  }
  const locale = ctx.alias('v');
  return sql`exists (select 1 from ${eachLocale(ctx, path, locale)} where ${valuePredicate(c, sql.ref(`${locale}.v`), ctx)})`;
}

const COMPARATORS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** The positive comparison on one locale value `value` of a field (elements of arrays compared one by one). */
function valuePredicate(c: Comparison, value: Sql, ctx: CompileContext): Sql {
  const path = c.path as FieldPath;
  if (c.op === 'match') return c.value.length ? matchesTerms(textOf(ctx, value, path), c.value as string[]) : FALSE;
  if (c.op === 'exists') {
    return path.array
      ? sql`(jsonb_typeof(${value}) = 'array' and jsonb_array_length(${value}) > 0)`
      : sql`coalesce(jsonb_typeof(${subItem(value, path)}) <> 'null', false)`;
  }
  if (c.op === 'contains' && path.valueType === 'richtext')
    return sql`(strpos(lower(${textOf(ctx, value, path)}), lower(${c.value}::text)) > 0)`;
  if (!path.array) return itemPredicate(c, scalar(subItem(value, path), path.valueType), subItem(value, path));
  const element = ctx.alias('a');
  const item = subItem(sql.ref(`${element}.x`), path);
  const each = eachElement(value, element);
  if (c.op === 'all') {
    const wanted = ctx.alias('w');
    return sql`not exists (select 1 from unnest(${listParam(c.value as never, path.valueType)}) as ${sql.id(wanted)}(x)
      where not exists (select 1 from ${each} where ${scalar(item, path.valueType)} = ${sql.ref(`${wanted}.x`)}))`;
  }
  return sql`exists (select 1 from ${each} where ${itemPredicate(c, scalar(item, path.valueType), item)})`;
}

/** The comparison on one typed scalar (`item` is its jsonb, for locations). */
function itemPredicate(c: Comparison, value: Sql, item: Sql): Sql {
  const { valueType } = c.path as FieldPath;
  switch (c.op) {
    case 'eq':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return sql`(${comparable(value, valueType)} ${sql.raw(COMPARATORS[c.op])} ${param(c.value as never, valueType)})`;
    case 'in':
      return sql`(${value} = any(${listParam(c.value as never, valueType)}))`;
    case 'all':
      return sql`(${value} = all(${listParam(c.value as never, valueType)}))`;
    case 'contains':
      return sql`(strpos(lower(${value}), lower(${c.value}::text)) > 0)`;
    case 'prefix':
      return sql`starts_with(${value}, ${c.value}::text)`;
    case 'within':
      return withinArea(item, c.value as never);
    default:
      throw new Error(`operator ${c.op} does not apply to fields.${(c.path as FieldPath).fieldId}`);
  }
}

/** All the searchable text of a field, over every locale it is matched in. */
function fieldText(ctx: CompileContext, path: FieldPath): Sql {
  if (path.locale.kind === 'chain')
    return textOf(ctx, chainValue(ctx, path as FieldPath & { locale: { kind: 'chain' } }), path);
  const locale = ctx.alias('v');
  return sql`(select string_agg(${textOf(ctx, sql.ref(`${locale}.v`), path)}, ' ') from ${eachLocale(ctx, path, locale)})`;
}

/** Entries linked through `field` (any locale, single link or array) that are of the content type and pass `where`. */
function compileReference(c: Extract<Condition, { kind: 'reference' }>, ctx: CompileContext): Sql {
  const path = c.field;
  const element = ctx.alias('a');
  let source: Sql;
  if (path.locale.kind === 'chain') {
    const value = chainValue(ctx, path as FieldPath & { locale: { kind: 'chain' } });
    source = path.array ? eachElement(value, element) : sql`(select ${value} as x) as ${sql.id(element)}`;
  } else {
    const locale = ctx.alias('v');
    source = path.array
      ? sql`${eachLocale(ctx, path, locale)} cross join lateral ${eachElement(sql.ref(`${locale}.v`), element)}`
      : sql`${eachLocale(ctx, path, locale)} cross join lateral (select ${sql.ref(`${locale}.v`)} as x) as ${sql.id(element)}`;
  }
  const item = sql.ref(`${element}.x`);
  const target = ctx.alias('t');
  const inner: CompileContext = { ...ctx, row: target, table: 'entries' };
  const published = ctx.state === 'published' ? sql` and ${column(inner, 'published_version')} is not null` : sql``;
  return sql`exists (select 1 from ${source} join entries as ${sql.id(target)}
    on ${column(inner, 'space_id')} = ${column(ctx, 'space_id')} and ${column(inner, 'environment_id')} = ${column(ctx, 'environment_id')}
    and ${column(inner, 'id')} = (${item} #>> '{sys,id}')
    where ${column(inner, 'content_type_id')} = ${c.contentTypeId}::text${published} and ${compileCondition(c.where, inner)})`;
}
