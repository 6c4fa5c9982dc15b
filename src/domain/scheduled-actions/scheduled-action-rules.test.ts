import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors/index.ts';
import { planOf, type ScheduledActionInput } from './scheduled-action-input.ts';
import { encodeCursor, listRequestOf, pageUrl } from './scheduled-action-list.ts';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const input = (datetime: string, timezone?: string): ScheduledActionInput => ({
  entity: { sys: { type: 'Link', linkType: 'Entry', id: 'e1' } },
  environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
  scheduledFor: { datetime, ...(timezone === undefined ? {} : { timezone }) },
  action: 'publish',
});
const problems = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const e = error as AppError;
    return { id: e.id, paths: (e.details as { errors: Array<{ path: string[] }> }).errors.map((x) => x.path) };
  }
  throw new Error('accepted');
};

describe('scheduled action plans', () => {
  it('takes a future ISO-8601 time with an offset, in UTC, and an IANA time zone', () => {
    expect(planOf(input('2030-01-01T02:30:00+01:00', 'Europe/Berlin'), NOW)).toEqual({
      entityType: 'Entry',
      entityId: 'e1',
      action: 'publish',
      scheduledFor: '2030-01-01T01:30:00.000Z',
      timezone: 'Europe/Berlin',
    });
  });

  it('refuses a past, malformed or zone-less time and an unknown time zone with 422 naming the path', () => {
    expect(problems(() => planOf(input('2029-12-31T23:59:59Z'), NOW))).toEqual({
      id: 'ValidationFailed',
      paths: [['scheduledFor', 'datetime']],
    });
    for (const bad of ['tomorrow', '2030-01-02', '2030-01-02T10:00:00', '2030-13-40T10:00:00Z'])
      expect(problems(() => planOf(input(bad), NOW)).paths).toEqual([['scheduledFor', 'datetime']]);
    expect(problems(() => planOf(input('2031-01-01T00:00:00Z', 'Mars/Olympus'), NOW)).paths).toEqual([
      ['scheduledFor', 'timezone'],
    ]);
  });
});

describe('scheduled action lists', () => {
  it('reads the filters, the order, the limit and a cursor, and keeps what a page link repeats', () => {
    const cursor = encodeCursor({ scheduledFor: '2030-01-01T00:00:00.000Z', id: 'a1' });
    const request = listRequestOf(
      `environment.sys.id=master&sys.status[in]=scheduled,failed&entity.sys.id=e1&scheduledFor.datetime[gte]=2030-01-01T00:00:00Z&order=-scheduledFor.datetime&limit=5&next=${cursor}&access_token=t`,
    );
    expect(request).toMatchObject({
      environmentId: 'master',
      limit: 5,
      filters: {
        statuses: ['scheduled', 'failed'],
        entityIds: ['e1'],
        scheduledFor: [{ op: 'gte', value: '2030-01-01T00:00:00.000Z' }],
        descending: true,
      },
      cursor: { toward: 'next', position: { scheduledFor: '2030-01-01T00:00:00.000Z', id: 'a1' } },
    });
    const url = pageUrl('s1', request, 'prev', { scheduledFor: '2030-01-02T00:00:00.000Z', id: 'b2' });
    const query = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/spaces/s1/scheduled_actions?')).toBe(true);
    expect(query.get('access_token')).toBeNull();
    expect(query.get('next')).toBeNull();
    expect(query.get('limit')).toBe('5');
    expect(listRequestOf(`${query.toString()}`).cursor).toEqual({
      toward: 'prev',
      position: { scheduledFor: '2030-01-02T00:00:00.000Z', id: 'b2' },
    });
  });

  it('refuses a missing environment, unknown parameters and values, and a foreign cursor with 400 InvalidQuery', () => {
    for (const raw of [
      '',
      'environment.sys.id=master&sys.status=pending',
      'environment.sys.id=master&sys.createdAt=2030-01-01',
      'environment.sys.id=master&order=sys.createdAt',
      'environment.sys.id=master&limit=0',
      'environment.sys.id=master&next=bm90IGEgY3Vyc29y',
      'environment.sys.id=master&scheduledFor.datetime[ne]=2030-01-01T00:00:00Z',
      'environment.sys.id=master&scheduledFor.datetime[gt]=soon',
    ])
      expect(problems(() => listRequestOf(raw)).id, raw).toBe('InvalidQuery');
  });
});
