import { AppError, type ErrorItem } from '../../errors/index.ts';
import { isValidClientId } from '../../lib/ids.ts';
import type { ScheduledActionPosition, ScheduledActionQuery, ScheduledActionStatus } from '../../storage/port/index.ts';
import { parseQueryString } from '../search/rest-query-string.ts';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

const STATUSES: readonly ScheduledActionStatus[] = ['scheduled', 'inProgress', 'succeeded', 'failed', 'canceled'];
const ORDERS = ['scheduledFor.datetime', '-scheduledFor.datetime'];
const COMPARISONS = new Set(['lt', 'lte', 'gt', 'gte']);

/** A list request: the filters of the query, and the page asked for (`cursor` from `pages.next` or `pages.prev`). */
export interface ScheduledActionListRequest {
  environmentId: string;
  filters: Pick<ScheduledActionQuery, 'statuses' | 'entityIds' | 'scheduledFor' | 'descending'>;
  limit: number;
  cursor?: { toward: 'next' | 'prev'; position: ScheduledActionPosition };
  /** The query's parameters a page's links keep (every one but the cursor and the token). */
  kept: URLSearchParams;
}

const invalid = (key: string, value: string, details: string): ErrorItem => ({
  name: 'invalid',
  path: [key],
  value,
  details,
});

/** A cursor: the time and id of the item a page ends (or starts) at, opaque to clients. */
export const encodeCursor = (p: ScheduledActionPosition): string =>
  Buffer.from(`${p.scheduledFor}|${p.id}`).toString('base64url');

function decodeCursor(value: string): ScheduledActionPosition | undefined {
  const [time, id, ...rest] = Buffer.from(value, 'base64url').toString().split('|');
  if (rest.length || !time || !id || !isValidClientId(id) || Number.isNaN(Date.parse(time))) return undefined;
  return { scheduledFor: new Date(time).toISOString(), id };
}

const isoTime = (value: string): string | undefined => {
  const time = /^\d{4}-\d\d-\d\d/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

/** Reads one parameter into the request; returns the problem when its value is refused. */
function readParameter(
  request: ScheduledActionListRequest,
  { key, path, op, value }: { key: string; path: string; op: string | undefined; value: string },
): ErrorItem | undefined {
  const f = request.filters;
  if (key === 'environment.sys.id') request.environmentId = value;
  else if (key === 'limit') {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_LIMIT)
      return invalid(key, value, `limit must be an integer from 1 to ${MAX_LIMIT}`);
    request.limit = Number(value);
  } else if (key === 'order') {
    if (!ORDERS.includes(value)) return invalid(key, value, `order must be one of ${ORDERS.join(', ')}`);
    f.descending = value.startsWith('-');
  } else if (key === 'next' || key === 'prev') {
    const position = decodeCursor(value);
    if (!position || request.cursor) return invalid(key, value, 'not a cursor of this list (one of next or prev)');
    request.cursor = { toward: key, position };
  } else if (path === 'sys.status' && (op === undefined || op === 'in')) {
    const statuses = value.split(',');
    const unknown = statuses.find((s) => !STATUSES.includes(s as ScheduledActionStatus));
    if (unknown !== undefined) return invalid(key, value, `a status is one of ${STATUSES.join(', ')}`);
    f.statuses = statuses as ScheduledActionStatus[];
  } else if (path === 'entity.sys.id' && (op === undefined || op === 'in')) {
    f.entityIds = value.split(',');
  } else if (path === 'scheduledFor.datetime' && (op === undefined || COMPARISONS.has(op))) {
    const time = isoTime(value);
    if (!time) return invalid(key, value, 'an ISO-8601 date and time');
    f.scheduledFor = [...(f.scheduledFor ?? []), { op: (op ?? 'eq') as 'eq', value: time }];
  } else if (key !== 'access_token') {
    return { name: 'unknown', path: [key], value, details: `${key} is not a parameter of this list` };
  }
  return undefined;
}

/** The list request of a query string as sent, or 400 `InvalidQuery` naming every refused parameter. */
export function listRequestOf(rawQuery: string): ScheduledActionListRequest {
  const { parameters, errors } = parseQueryString(rawQuery);
  const request: ScheduledActionListRequest = {
    environmentId: '',
    filters: { descending: false },
    limit: DEFAULT_LIMIT,
    kept: new URLSearchParams(),
  };
  for (const parameter of parameters) {
    const problem = readParameter(request, parameter);
    if (problem) errors.push(problem);
    else if (!['next', 'prev', 'access_token'].includes(parameter.key))
      request.kept.append(parameter.key, parameter.value);
  }
  if (!request.environmentId)
    errors.push({ name: 'required', path: ['environment.sys.id'], details: 'environment.sys.id is required' });
  if (errors.length)
    throw new AppError('InvalidQuery', `The query you sent was invalid: ${errors.map((e) => e.details).join('; ')}`, {
      errors,
    });
  return request;
}

/** The relative URL of the page toward `toward` from `position`, with the request's other parameters. */
export function pageUrl(
  spaceId: string,
  request: ScheduledActionListRequest,
  toward: 'next' | 'prev',
  position: ScheduledActionPosition,
): string {
  const query = new URLSearchParams(request.kept);
  query.set(toward, encodeCursor(position));
  return `/spaces/${spaceId}/scheduled_actions?${query.toString()}`;
}
