import { isIsoDate, isoDateMillis } from '../content-model/value-shape.ts';
import type { Area, Scalar, ValueType } from './query.ts';

/** A parsed value, or what was expected instead. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; expected: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (expected: string): Parsed<never> => ({ ok: false, expected });

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** One value for a path of the given type: integers, decimals, ISO-8601 dates (UTC when no offset), `true`/`false`. */
export function parseScalar(valueType: ValueType, raw: string): Parsed<Scalar> {
  switch (valueType) {
    case 'integer': {
      const n = Number(raw);
      return INTEGER.test(raw) && Number.isSafeInteger(n) ? ok(n) : fail('an integer');
    }
    case 'number': {
      const n = Number(raw);
      return NUMBER.test(raw) && Number.isFinite(n) ? ok(n) : fail('a number');
    }
    case 'date':
      return isIsoDate(raw)
        ? ok(new Date(isoDateMillis(raw)).toISOString())
        : fail('an ISO-8601 date such as 2024-05-01 or 2024-05-01T10:00:00Z');
    case 'boolean':
      return raw === 'true' || raw === 'false' ? ok(raw === 'true') : fail('true or false');
    default:
      return ok(raw);
  }
}

/** A comma-separated list of values (`[in]`, `[nin]`, `[all]`); at least one. */
export function parseList(valueType: ValueType, raw: string): Parsed<Scalar[]> {
  if (raw === '') return fail('a comma-separated list of values');
  const values: Scalar[] = [];
  for (const item of raw.split(',')) {
    const parsed = parseScalar(valueType, item);
    if (!parsed.ok) return fail(`a comma-separated list of values, each ${parsed.expected}`);
    values.push(parsed.value);
  }
  return ok(values);
}

/** `true` or `false`, lower case (`[exists]`, `changed`). */
export const parseFlag = (raw: string): Parsed<boolean> =>
  raw === 'true' || raw === 'false' ? ok(raw === 'true') : fail('true or false');

function coordinates(raw: string, count: number[]): number[] | undefined {
  const parts = raw.split(',');
  if (!count.includes(parts.length) || !parts.every((p) => NUMBER.test(p.trim()))) return undefined;
  return parts.map((p) => Number(p.trim()));
}
const validLat = (lat: number) => lat >= -90 && lat <= 90;
const validLon = (lon: number) => lon >= -180 && lon <= 180;

/** `lat,lon` of `[near]`. */
export function parsePoint(raw: string): Parsed<{ lat: number; lon: number }> {
  const c = coordinates(raw, [2]);
  if (!c || !validLat(c[0]!) || !validLon(c[1]!)) return fail('lat,lon with latitude -90..90 and longitude -180..180');
  return ok({ lat: c[0]!, lon: c[1]! });
}

/**
 * `[within]`: a circle `lat,lon,radiusKm` or a rectangle `lat1,lon1,lat2,lon2` given by its bottom-left and
 * top-right corners (a rectangle may cross the 180th meridian: then its west longitude is greater than its east).
 */
export function parseArea(raw: string): Parsed<Area> {
  const c = coordinates(raw, [3, 4]);
  const expected = 'lat,lon,radiusKm (a circle) or lat1,lon1,lat2,lon2 (bottom-left and top-right corners)';
  if (!c) return fail(expected);
  if (c.length === 3) {
    const [lat, lon, radiusKm] = c as [number, number, number];
    return validLat(lat) && validLon(lon) && radiusKm > 0
      ? ok({ shape: 'circle', lat, lon, radiusKm })
      : fail(expected);
  }
  const [south, west, north, east] = c as [number, number, number, number];
  if (![south, north].every(validLat) || ![west, east].every(validLon) || south > north) return fail(expected);
  return ok({ shape: 'rectangle', south, west, north, east });
}

/**
 * The words of a full-text search, split on white space and lower-cased; the database splits them further exactly
 * as it splits the searched text, and matches each piece as a word prefix. A text shorter than two characters has
 * no words (it matches nothing, as on the hosted service).
 */
export function searchTerms(raw: string): string[] {
  if (raw.trim().length < 2) return [];
  return [...new Set(raw.toLowerCase().split(/\s+/u).filter(Boolean))];
}
