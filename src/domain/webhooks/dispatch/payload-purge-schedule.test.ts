import { describe, expect, it } from 'vitest';
import { FULL_PURGE_EVERY, payloadPurgeSchedule } from './payload-purge-schedule.ts';

describe('payload purge schedule', () => {
  it('purges nothing before jobs were enqueued, then once per interval', () => {
    const schedule = payloadPurgeSchedule(1000);
    expect(schedule.due(10_000)).toBeUndefined();
    schedule.enqueued(10_000);
    expect(schedule.due(10_000)).toEqual({ after: undefined });
    expect(schedule.due(10_999)).toBeUndefined();
    expect(schedule.due(11_000)).toEqual({ after: undefined });
  });

  it('starts each purge above the last event the previous ones deleted, and one in FULL_PURGE_EVERY from the first', () => {
    const schedule = payloadPurgeSchedule(1);
    schedule.enqueued(0);
    const starts: Array<string | undefined> = [];
    for (let i = 1; i <= 2 * FULL_PURGE_EVERY; i += 1) {
      starts.push(schedule.due(i)!.after);
      // Every other purge finds nothing to delete: the bound stays where the last deletion ended.
      schedule.purged(i % 2 === 1 ? String(i * 10) : undefined);
    }
    expect(starts[0]).toBeUndefined();
    expect(starts[1]).toBe('10');
    expect(starts[2]).toBe('10');
    expect(starts[3]).toBe('30');
    expect(starts[FULL_PURGE_EVERY - 1]).toBeUndefined();
    expect(starts[FULL_PURGE_EVERY]).toBe(String((FULL_PURGE_EVERY - 1) * 10));
    expect(starts[2 * FULL_PURGE_EVERY - 1]).toBeUndefined();
    expect(starts.filter((s) => s === undefined)).toHaveLength(3);
  });

  it('keeps purging for a minute after the last enqueue, once more after it, then stops until jobs are enqueued again', () => {
    const schedule = payloadPurgeSchedule(1000);
    schedule.enqueued(0);
    expect(schedule.due(59_000)).toBeDefined();
    expect(schedule.due(60_500)).toBeDefined();
    expect(schedule.due(62_000)).toBeUndefined();
    expect(schedule.due(90_000)).toBeUndefined();
    schedule.enqueued(100_000);
    expect(schedule.due(100_000)).toBeDefined();
  });
});
