import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../contract-tests/support/databases.ts';
import { usageMeter } from '../domain/usage/usage-meter.ts';
import { createLogger } from '../lib/logger.ts';
import type { UsageCount } from '../storage/port/index.ts';
import { startUsageFlush } from './usage-flush.ts';

const logger = createLogger('silent');
const NOW = Date.parse('2026-03-10T12:00:00Z');
const WINDOW = { metrics: ['cma', 'cda', 'cpa', 'gql'] as const, from: '2026-03-09', to: '2026-03-11' };

for (const kind of DB_KINDS) {
  describe(`${kind}: usage counts flushed to the database`, () => {
    let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
    beforeAll(async () => {
      db = await openMigratedDatabase(kind);
      await insertSpace(db.storage, 'usage-a');
      await insertSpace(db.storage, 'usage-b');
    });
    afterAll(async () => {
      await db.close();
    });

    it('stores every count of a flush in one statement and adds later flushes to it, exactly', async () => {
      const meter = usageMeter(() => NOW);
      const flush = startUsageFlush(meter, db.storage.repos.usage, { intervalMs: 3_600_000, logger });
      for (let i = 0; i < 7; i++) meter.count('cma', 'org-usage-a', 'usage-a');
      for (let i = 0; i < 3; i++) meter.count('gql', 'org-usage-a', 'usage-a');
      meter.count('cma', 'org-usage-a');
      meter.count('cma', 'org-usage-b', 'usage-b');
      const before = db.open.statements();
      await flush.flush();
      expect(db.open.statements() - before).toBe(1);
      await flush.flush(); // nothing counted since: no statement
      expect(db.open.statements() - before).toBe(1);

      for (let i = 0; i < 5; i++) meter.count('cma', 'org-usage-a', 'usage-a');
      await flush.close(); // the last counts are stored at shutdown
      const { usage } = db.storage.repos;
      expect(await usage.spaceDays('org-usage-a', WINDOW)).toEqual(
        expect.arrayContaining([
          { spaceId: 'usage-a', metric: 'cma', day: '2026-03-10', count: 12 },
          { spaceId: 'usage-a', metric: 'gql', day: '2026-03-10', count: 3 },
        ]),
      );
      expect(await usage.spaceDays('org-usage-a', WINDOW)).toHaveLength(2);
      expect(
        (await usage.organizationDays('org-usage-a', WINDOW)).sort((a, b) => a.metric.localeCompare(b.metric)),
      ).toEqual([
        { metric: 'cma', day: '2026-03-10', count: 13 },
        { metric: 'gql', day: '2026-03-10', count: 3 },
      ]);
      expect(await usage.organizationDays('org-usage-b', { ...WINDOW, metrics: ['gql'] })).toEqual([]);
      expect(await usage.organizationDays('org-usage-a', { ...WINDOW, from: '2026-03-11' })).toEqual([]);
      expect(await usage.spacesOf('org-usage-b', WINDOW)).toEqual(['usage-b']);
    });
  });
}

describe('usage flush without a database', () => {
  it('gives the counts of a failed statement back to the meter for the next flush', async () => {
    const meter = usageMeter(() => NOW);
    const stored: UsageCount[] = [];
    let fail = true;
    const flush = startUsageFlush(
      meter,
      {
        add: async (counts) => {
          if (fail) throw new Error('connection lost');
          stored.push(...counts);
        },
      },
      { intervalMs: 3_600_000, logger },
    );
    meter.count('cma', 'o', 's');
    await expect(flush.flush()).rejects.toThrow('connection lost');
    meter.count('cma', 'o', 's');
    fail = false;
    await flush.flush();
    expect(stored).toEqual([{ organizationId: 'o', spaceId: 's', metric: 'cma', day: '2026-03-10', count: 2 }]);
    await flush.close();
  });
});
