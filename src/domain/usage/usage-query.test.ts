import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/index.ts';
import { daysOf, parseUsageQuery, type UsageQueryInput } from './usage-query.ts';

const ORDER = { metric: 'metric', usage: 'usage', 'sys.id': 'id' } as const;
const NOW = Date.parse('2026-03-10T15:00:00Z');
const parse = (input: UsageQueryInput) => parseUsageQuery(input, ORDER, NOW);

function refusal(input: UsageQueryInput): AppError {
  try {
    parse(input);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('accepted');
}

describe('usage query', () => {
  it('defaults to every metric over the last 45 days, today included, first page in metric order', () => {
    const q = parse({});
    expect(q.window).toEqual({ metrics: ['cma', 'cda', 'cpa', 'gql'], from: '2026-01-25', to: '2026-03-10' });
    expect(daysOf(q.window)).toHaveLength(45);
    expect(q.page).toEqual({ skip: 0, limit: 100, order: [{ key: 'metric', direction: 'asc' }] });
  });

  it('takes metrics, a range (one day included) and the 45 days before an end day', () => {
    expect(parse({ 'metric[in]': 'gql,cma' }).window.metrics).toEqual(['cma', 'gql']);
    expect(parse({ 'dateRange.startAt': '2024-02-29', 'dateRange.endAt': '2024-02-29' }).window).toMatchObject({
      from: '2024-02-29',
      to: '2024-02-29',
    });
    expect(parse({ 'dateRange.endAt': '2026-01-31' }).window).toMatchObject({ from: '2025-12-18', to: '2026-01-31' });
  });

  it.each([
    [{ 'metric[in]': 'cma,foo' }, 'metric[in]', /Unknown metric "foo"/],
    [{ 'dateRange.startAt': '2026-02-30' }, 'dateRange.startAt', /not a date/],
    [{ 'dateRange.endAt': '10/03/2026' }, 'dateRange.endAt', /not a date/],
    [
      { 'dateRange.startAt': '2026-03-05', 'dateRange.endAt': '2026-03-04' },
      'dateRange.startAt',
      /ends before it starts/,
    ],
    [{ 'dateRange.startAt': '2026-03-11' }, 'dateRange.startAt', /ends before it starts/],
    [{ 'dateRange.startAt': '2020-01-01', 'dateRange.endAt': '2026-01-01' }, 'dateRange.startAt', /more than 366 days/],
  ] as const)('refuses %j with 400 InvalidQuery naming %s', (input, name, message) => {
    const e = refusal(input);
    expect([e.id, e.status]).toEqual(['InvalidQuery', 400]);
    expect(e.message).toMatch(message);
    expect((e.details as { errors: Array<{ path: string[] }> }).errors[0]!.path.join('.')).toBe(name);
  });

  it('refuses an order it cannot apply', () => {
    expect(refusal({ order: 'sys.createdAt' }).id).toBe('InvalidQuery');
  });
});
