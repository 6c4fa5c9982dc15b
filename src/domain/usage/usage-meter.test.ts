import { describe, expect, it } from 'vitest';
import { usageMeter } from './usage-meter.ts';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe('usage meter', () => {
  it('counts each request once per metric, UTC day, organization and space', () => {
    let now = at('2026-03-01T23:59:59.999Z');
    const meter = usageMeter(() => now);
    meter.count('cma', 'o1', 's1');
    meter.count('cma', 'o1', 's1');
    meter.count('gql', 'o1', 's1');
    meter.count('cma', 'o1');
    meter.count('cma', 'o2', 's2');
    now += 1; // midnight UTC: the next day
    meter.count('cma', 'o1', 's1');
    const taken = meter.take().sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(taken).toEqual(
      [
        { organizationId: 'o1', spaceId: 's1', metric: 'cma', day: '2026-03-01', count: 2 },
        { organizationId: 'o1', spaceId: 's1', metric: 'gql', day: '2026-03-01', count: 1 },
        { organizationId: 'o1', spaceId: null, metric: 'cma', day: '2026-03-01', count: 1 },
        { organizationId: 'o2', spaceId: 's2', metric: 'cma', day: '2026-03-01', count: 1 },
        { organizationId: 'o1', spaceId: 's1', metric: 'cma', day: '2026-03-02', count: 1 },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(meter.take()).toEqual([]);
  });

  it('follows a clock set back to an earlier day', () => {
    let now = at('2026-03-02T10:00:00Z');
    const meter = usageMeter(() => now);
    meter.count('cma', 'o', 's');
    now -= DAY;
    meter.count('cma', 'o', 's');
    expect(
      meter
        .take()
        .map((c) => c.day)
        .sort(),
    ).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('adds counts given back (a failed flush) to those counted since', () => {
    const meter = usageMeter(() => at('2026-03-01T12:00:00Z'));
    meter.count('cma', 'o', 's');
    const taken = meter.take();
    meter.count('cma', 'o', 's');
    meter.count('cma', 'o', 's');
    meter.giveBack(taken);
    expect(meter.take()).toEqual([{ organizationId: 'o', spaceId: 's', metric: 'cma', day: '2026-03-01', count: 3 }]);
  });
});
