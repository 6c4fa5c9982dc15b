import { AppError, type ErrorItem } from '../../errors/index.ts';
import type { PageRequest, UsageMetric, UsageWindow } from '../../storage/port/index.ts';
import { parseQueryString } from '../search/rest-query-string.ts';
import { invalidParameter, unknownParameter } from '../search/search-errors.ts';
import { parsePage } from '../shared/paging.ts';
import { USAGE_METRICS } from './usage-meter.ts';

/** The query of a usage report by wire name, from the query string as sent (see `usageQueryInput`). */
export interface UsageQueryInput {
  'metric[in]'?: string;
  'dateRange.startAt'?: string;
  'dateRange.endAt'?: string;
  skip?: string | number;
  limit?: string | number;
  order?: string;
}

const KNOWN = ['metric[in]', 'dateRange.startAt', 'dateRange.endAt', 'skip', 'limit', 'order', 'access_token'];

/**
 * The parameters of a usage report read from the raw query string: the validator would turn `metric[in]` into a
 * nested object. Any other parameter, or one given twice, is refused with 400 `InvalidQuery` naming it.
 */
export function usageQueryInput(rawQuery: string): UsageQueryInput {
  const { parameters, errors } = parseQueryString(rawQuery);
  for (const p of parameters) if (!KNOWN.includes(p.key)) errors.push(unknownParameter(p.key));
  if (errors.length) throw usageQueryError(errors);
  return Object.fromEntries(parameters.map((p) => [p.key, p.value])) as UsageQueryInput;
}

export type UsageOrderKey = 'metric' | 'usage' | 'id' | 'space';

export interface UsageQuery {
  window: UsageWindow;
  page: PageRequest<UsageOrderKey>;
}

const DAY_MS = 86_400_000;
/** The default range: 45 days, today included (the spec's batches of 45 days). */
export const DEFAULT_RANGE_DAYS = 45;
/** The longest range a report covers: every day is an entry of every item, so the answer's size is bounded. */
export const MAX_RANGE_DAYS = 366;

const ISO_DATE = /^(\d{4})-(\d\d)-(\d\d)$/;

/** `YYYY-MM-DD` of a real day -> its UTC midnight in ms; anything else -> undefined. */
function dayOf(value: string): number | undefined {
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === value ? t : undefined;
}

export const dayName = (t: number): string => new Date(t).toISOString().slice(0, 10);

function metricsOf(raw: string | undefined, errors: ErrorItem[]): UsageMetric[] {
  if (raw === undefined || raw.trim() === '') return [...USAGE_METRICS];
  const named = raw.split(',').map((m) => m.trim());
  const unknown = named.filter((m) => !(USAGE_METRICS as readonly string[]).includes(m));
  if (unknown.length) {
    errors.push(
      invalidParameter(
        'metric[in]',
        raw,
        `Unknown metric ${unknown.map((m) => `"${m}"`).join(', ')}: use ${USAGE_METRICS.join(', ')}.`,
      ),
    );
  }
  return USAGE_METRICS.filter((m) => named.includes(m));
}

function date(name: string, raw: string | undefined, errors: ErrorItem[]): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const t = dayOf(raw);
  if (t === undefined)
    errors.push(invalidParameter(name, raw, `"${raw}" is not a date: use YYYY-MM-DD, e.g. 2026-01-31.`));
  return t;
}

/**
 * The metrics, days and page of a usage report. Bad values answer 400 `InvalidQuery` naming each parameter in
 * `details.errors[]`, as every other collection's bad query values do (`skip`, `limit`, `order`, filters): the
 * request is malformed as a query, there is no body to be unprocessable (422 is for bodies).
 */
export function parseUsageQuery(
  input: UsageQueryInput,
  orderable: Record<string, UsageOrderKey>,
  now = Date.now(),
): UsageQuery {
  const page = parsePage(input, orderable, [{ key: 'metric', direction: 'asc' }]);
  const errors: ErrorItem[] = [];
  const metrics = metricsOf(input['metric[in]'], errors);
  const startAt = date('dateRange.startAt', input['dateRange.startAt'], errors);
  const endAt = date('dateRange.endAt', input['dateRange.endAt'], errors);
  if (errors.length) throw usageQueryError(errors);
  const to = endAt ?? Math.floor(now / DAY_MS) * DAY_MS;
  const from = startAt ?? to - (DEFAULT_RANGE_DAYS - 1) * DAY_MS;
  if (from > to) {
    const range = `${dayName(from)} to ${dayName(to)}`;
    throw usageQueryError([
      invalidParameter(
        'dateRange.startAt',
        dayName(from),
        `The range ${range} ends before it starts: dateRange.startAt must not be after dateRange.endAt.`,
      ),
    ]);
  }
  if ((to - from) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    throw usageQueryError([
      invalidParameter(
        'dateRange.startAt',
        dayName(from),
        `The range spans more than ${MAX_RANGE_DAYS} days: ask for it in parts.`,
      ),
    ]);
  }
  return { window: { metrics, from: dayName(from), to: dayName(to) }, page };
}

const usageQueryError = (errors: ErrorItem[]) =>
  new AppError('InvalidQuery', errors.map((e) => e.details).join(' '), { errors });

/** Every day of the window, in order. */
export function daysOf(window: UsageWindow): string[] {
  const days: string[] = [];
  for (let t = dayOf(window.from)!, end = dayOf(window.to)!; t <= end; t += DAY_MS) days.push(dayName(t));
  return days;
}
