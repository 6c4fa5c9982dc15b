import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openMigratedDatabase } from '../../contract-tests/support/databases.ts';
import { loadConfig } from '../config.ts';
import { createJobRunner } from './job-runner.ts';
import { JOBS_PURGE_JOB, jobPurgeJob, scheduleJobPurge } from './job-purge.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const kind of DB_KINDS) {
  describe(`${kind}: purge of finished jobs`, () => {
    let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
    beforeAll(async () => {
      db = await openMigratedDatabase(kind);
    });
    afterAll(async () => {
      await db.close();
    });

    /** A job of `status` whose last change was `ageDays` ago. */
    async function job(status: 'queued' | 'running' | 'done' | 'failed', ageDays: number): Promise<number> {
      const id = await db.storage.repos.jobs.enqueue('t.any', {});
      await db.open.db
        .updateTable('jobs')
        .set({ status, updated_at: sql`now() - make_interval(secs => ${(ageDays * DAY) / 1000})` as never })
        .where('id', '=', id)
        .execute();
      return id;
    }
    const remaining = async (ids: number[]) =>
      (await db.open.db.selectFrom('jobs').select('id').where('id', 'in', ids).orderBy('id').execute()).map(
        (r) => r.id,
      );

    it('deletes succeeded jobs older than the retention and keeps younger ones, failed and unfinished ones', async () => {
      const oldDone = [await job('done', 10), await job('done', 8)];
      const kept = [await job('done', 6), await job('failed', 30), await job('queued', 30), await job('running', 30)];
      const runner = createJobRunner(db.storage, { pollMs: 20 });
      runner.register(
        JOBS_PURGE_JOB,
        jobPurgeJob(db.storage, { retentionMs: 7 * DAY, eventRetentionMs: 7 * DAY, intervalMs: 60_000 }),
      );
      expect(await scheduleJobPurge(db.storage)).toBe(true);
      expect(await scheduleJobPurge(db.storage)).toBe(false); // one queued purge at a time
      expect(await runner.runOnce()).toBe(true);
      expect(await remaining([...oldDone, ...kept])).toEqual(kept);
      // It queued its next run, an interval later, and nothing else.
      const next = await db.open.db
        .selectFrom('jobs')
        .select(['status', sql<number>`extract(epoch from run_at - now())`.as('in')])
        .where('kind', '=', JOBS_PURGE_JOB)
        .where('status', '=', 'queued')
        .execute();
      expect(next).toHaveLength(1);
      expect(Number(next[0].in)).toBeGreaterThan(50);
      expect(await runner.runOnce()).toBe(false);
    });

    it('purges in batches until nothing old is left', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i += 1) ids.push(await job('done', 9));
      const batches: number[] = [];
      for (;;) {
        const n = await db.storage.repos.jobs.purgeDone(new Date(Date.now() - 7 * DAY), 2);
        batches.push(n);
        if (n < 2) break;
      }
      expect(batches).toEqual([2, 2, 1]);
      expect(await remaining(ids)).toEqual([]);
    });

    /** A content event that occurred `ageDays` ago, dispatched or not. */
    async function event(ageDays: number, dispatched: boolean): Promise<string> {
      const ago = sql`now() - make_interval(secs => ${(ageDays * DAY) / 1000})`;
      const { rows } = await sql<{ id: string }>`insert into content_events
        (space_id, environment_id, entity_type, entity_id, action, snapshot, occurred_at, dispatched_at)
        values ('s', 'master', 'Entry', 'e', 'save', '{}', ${ago}, ${dispatched ? ago : null}) returning id::text as id`.execute(
        db.open.db,
      );
      return rows[0]!.id;
    }
    const events = async () =>
      (await sql<{ id: string }>`select id::text as id from content_events order by id`.execute(db.open.db)).rows.map(
        (r) => r.id,
      );

    it('deletes dispatched content events older than their retention; keeps undispatched and younger ones', async () => {
      await sql`delete from content_events`.execute(db.open.db);
      const old = [await event(9, true), await event(8, true)];
      const kept = [await event(30, false), await event(6, true), await event(0, false)];
      const late = await event(9, true); // a long transaction's: its id is above a young event's, the next purges take it
      expect(await events()).toEqual([...old, ...kept, late]);
      const runner = createJobRunner(db.storage, { pollMs: 20 });
      runner.register(
        JOBS_PURGE_JOB,
        jobPurgeJob(db.storage, { retentionMs: 7 * DAY, eventRetentionMs: 7 * DAY, intervalMs: 60_000 }),
      );
      await db.open.db.deleteFrom('jobs').where('kind', '=', JOBS_PURGE_JOB).execute();
      await scheduleJobPurge(db.storage);
      expect(await runner.runOnce()).toBe(true);
      expect(await events()).toEqual([...kept, late]);
    });

    it('purges events in batches, oldest first, until no old dispatched one is left', async () => {
      await sql`delete from content_events`.execute(db.open.db);
      const old: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        old.push(await event(20 - i, true));
        if (i === 3) old.push(await event(19, false));
      }
      const young = await event(1, true);
      const { events: repo } = db.storage.repos;
      expect(await repo.purgeConsumed(new Date(Date.now() - 7 * DAY), 2)).toBe(7);
      expect(await events()).toEqual([old[4], young]);
      expect(await repo.purgeConsumed(new Date(Date.now() - 7 * DAY), 2)).toBe(0);
      // Every event is old now: no young one bounds the range.
      expect(await repo.purgeConsumed(new Date(Date.now() + DAY), 3)).toBe(1);
      expect(await events()).toEqual([old[4]]);
    });

    it('the retentions are configurable in days (TESSERA_JOB_RETENTION_DAYS, TESSERA_EVENT_RETENTION_DAYS, 7 by default)', () => {
      expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ jobRetentionDays: 7, eventRetentionDays: 7 });
      expect(loadConfig({ NODE_ENV: 'test', TESSERA_JOB_RETENTION_DAYS: '30' }).jobRetentionDays).toBe(30);
      expect(loadConfig({ NODE_ENV: 'test', TESSERA_EVENT_RETENTION_DAYS: '2' }).eventRetentionDays).toBe(2);
      expect(() => loadConfig({ NODE_ENV: 'test', TESSERA_JOB_RETENTION_DAYS: '0' })).toThrow();
      expect(() => loadConfig({ NODE_ENV: 'test', TESSERA_EVENT_RETENTION_DAYS: '0' })).toThrow();
    });
  });
}
