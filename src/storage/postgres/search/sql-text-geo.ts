import { sql } from 'kysely';
import type { Area, FieldPath } from '../../../domain/search/query.ts';
import { eachElement, scalar, subItem, type CompileContext, type Sql } from './sql-values.ts';

/**
 * The searchable text of one locale value: the string itself, the elements of an array of strings joined,
 * or every text node (`value`) of a rich text document joined.
 */
export function textOf(ctx: CompileContext, value: Sql, path: FieldPath): Sql {
  if (path.valueType === 'richtext') {
    const node = ctx.alias('n');
    return sql`(select string_agg(${sql.ref(`${node}.x`)} #>> '{}', ' ') from jsonb_path_query(${value}, 'lax $.**.value ? (@.type() == "string")') as ${sql.id(node)}(x))`;
  }
  if (path.array) {
    const element = ctx.alias('a');
    return sql`(select string_agg(${scalar(subItem(sql.ref(`${element}.x`), path), 'symbol')}, ' ') from ${eachElement(value, element)})`;
  }
  return scalar(subItem(value, path), 'symbol');
}

/**
 * The `tsquery` of search words: the words are split into lexemes by the same parser as the searched text (so
 * `report.pdf` or `e-mail` match what they match in a document), each lexeme a prefix (`:*`), all required. It is
 * assembled in SQL from the bound words, quoting each lexeme, so no query syntax ever comes from input; the
 * `simple` configuration lower-cases and does not stem.
 */
export const termsQuery = (terms: string[]): Sql => sql`to_tsquery('simple', (
  select string_agg('''' || replace(replace(q.lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')
  from unnest(to_tsvector('simple', array_to_string(${terms}::text[], ' '))) as q))`;

/** True when the text contains every term as a word prefix, case-insensitively. */
export const matchesTerms = (text: Sql, terms: string[]): Sql =>
  sql`(to_tsvector('simple', coalesce(${text}, '')) @@ ${termsQuery(terms)})`;

const coordinate = (item: Sql, key: 'lat' | 'lon'): Sql =>
  sql`(case when jsonb_typeof(${item} -> ${sql.lit(key)}) = 'number' then (${item} -> ${sql.lit(key)})::float8 end)`;

/** Great-circle distance in kilometres between a stored `{lat, lon}` and a point (haversine, Earth radius 6371 km). */
export function distanceKm(item: Sql, lat: number, lon: number): Sql {
  const la = coordinate(item, 'lat');
  const lo = coordinate(item, 'lon');
  return sql`(12742 * asin(least(1, sqrt(
    power(sin(radians(${la} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${la})) * power(sin(radians(${lo} - ${lon}::float8) / 2), 2)))))`;
}

/** True when a stored location lies in the area (a rectangle whose west edge is east of its east edge crosses the 180th meridian). */
export function withinArea(item: Sql, area: Area): Sql {
  if (area.shape === 'circle') return sql`(${distanceKm(item, area.lat, area.lon)} <= ${area.radiusKm}::float8)`;
  const lat = coordinate(item, 'lat');
  const lon = coordinate(item, 'lon');
  const latitude = sql`${lat} between ${area.south}::float8 and ${area.north}::float8`;
  const longitude =
    area.west <= area.east
      ? sql`${lon} between ${area.west}::float8 and ${area.east}::float8`
      : sql`(${lon} >= ${area.west}::float8 or ${lon} <= ${area.east}::float8)`;
  return sql`(${latitude} and ${longitude})`;
}
