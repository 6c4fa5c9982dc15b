import { describe, expect, it } from 'vitest';
import { toMillisIso, toSecondsIso } from './time.ts';

describe('toMillisIso and toSecondsIso', () => {
  it('keep a timestamp in the form storage writes as it is, or cut to seconds', () => {
    expect(toMillisIso('2026-11-22T13:19:21.052Z')).toBe('2026-11-22T13:19:21.052Z');
    expect(toSecondsIso('2026-11-22T13:19:21.052Z')).toBe('2026-11-22T13:19:21Z');
  });

  it('normalize every other form to UTC with milliseconds, or seconds', () => {
    for (const [input, millis] of [
      ['2026-11-22T14:19:21.052+01:00', '2026-11-22T13:19:21.052Z'],
      ['2026-11-22T13:19:21Z', '2026-11-22T13:19:21.000Z'],
      ['2026-11-22', '2026-11-22T00:00:00.000Z'],
      [new Date(Date.UTC(2026, 10, 22, 13, 19, 21, 52)), '2026-11-22T13:19:21.052Z'],
    ] as const) {
      expect(toMillisIso(input)).toBe(millis);
      expect(toSecondsIso(input)).toBe(`${millis.slice(0, 19)}Z`);
    }
  });

  it('keep years past 9999 in the extended ISO form', () => {
    const far = new Date(Date.UTC(12026, 0, 1));
    expect(toMillisIso(far)).toBe('+012026-01-01T00:00:00.000Z');
    expect(toSecondsIso(far)).toBe('+012026-01-01T00:00:00Z');
  });

  it('refuse what is no date, as before', () => {
    expect(() => toMillisIso('yesterday')).toThrow(RangeError);
  });
});
