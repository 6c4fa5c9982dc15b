import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS } from '../../contract-tests/support/databases.ts';
import { pgliteTemplate } from '../../contract-tests/support/pglite-template.ts';
import type { Storage } from '../storage/port/index.ts';
import { migrate, openPGlite, openPostgres, postgresStorage, type OpenDatabase } from '../storage/postgres/index.ts';
import { PermanentJobError } from './job-handler.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { announceJobs } from './job-signal.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

for (const kind of DB_KINDS) {
  describe(`${kind}: job runner`, () => {
    const opened: OpenDatabase[] = [];
    let url: string | undefined;
    let drop: (() => Promise<void>) | undefined;
    let storage: Storage;
    const runners: JobRunner[] = [];

    async function open(): Promise<OpenDatabase> {
      const db = kind === 'postgres' ? await openPostgres(url!) : await openPGlite(undefined, await pgliteTemplate());
      opened.push(db);
      return db;
    }
    const row = (id: number) =>
      opened[0].db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const runner = (s: Storage, options: Parameters<typeof createJobRunner>[1] = {}) => {
      const r = createJobRunner(s, { pollMs: 20, ...options });
      runners.push(r);
      return r;
    };

    beforeAll(async () => {
      if (kind === 'postgres') ({ url, drop } = await createTestDatabase());
      const db = await open();
      await migrate(db.db);
      storage = postgresStorage(db);
    });
    afterAll(async () => {
      for (const r of runners) await r.stop();
      for (const db of opened) await db.close();
      await drop?.();
    });

    it('claims a due job of a registered kind, runs it once and marks it done', async () => {
      const seen: unknown[] = [];
      const r = runner(storage);
      r.register<{ n: number }>('t.ok', {
        run: async (payload, context) => {
          seen.push({ payload, attempt: context.attempt });
        },
      });
      const other = await storage.repos.jobs.enqueue('t.unregistered', {});
      const id = await storage.repos.jobs.enqueue('t.ok', { n: 7 });
      expect(await r.runOnce()).toBe(true);
      expect(seen).toEqual([{ payload: { n: 7 }, attempt: 1 }]);
      expect(await row(id)).toMatchObject({ status: 'done', attempts: 1, locked_until: null });
      expect(await r.runOnce()).toBe(false);
      expect(await row(other)).toMatchObject({ status: 'queued', attempts: 0 });
    });

    it('leases a claim: nobody else claims it until the lease expires, and a stale claim is fenced out', async () => {
      const id = await storage.repos.jobs.enqueue('t.lease', {});
      const first = await storage.repos.jobs.claim(['t.lease'], 300);
      expect(first).toMatchObject({ id, attempts: 1 });
      expect(await storage.repos.jobs.claim(['t.lease'], 300)).toBeUndefined();
      await sleep(400);
      const second = await storage.repos.jobs.claim(['t.lease'], 10_000);
      expect(second).toMatchObject({ id, attempts: 2 });
      expect(await storage.repos.jobs.renew(id, 1, 10_000)).toBe(false);
      expect(await storage.repos.jobs.complete(id, 1)).toBe(false);
      expect(await storage.repos.jobs.fail(id, 'late', undefined, 1)).toBe(false);
      expect((await row(id)).status).toBe('running');
      expect(await storage.repos.jobs.complete(id, 2)).toBe(true);
      expect((await row(id)).status).toBe('done');
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      const runs: number[] = [];
      const r = runner(storage, { backoffMs: (attempt) => attempt * 100 });
      r.register('t.flaky', {
        run: async () => {
          runs.push(Date.now());
          if (runs.length < 3) throw new Error(`flake ${runs.length}`);
        },
      });
      const id = await storage.repos.jobs.enqueue('t.flaky', {});
      r.start();
      await until(async () => (await row(id)).status === 'done');
      expect(runs).toHaveLength(3);
      expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(90);
      expect(runs[2] - runs[1]).toBeGreaterThanOrEqual(190);
      expect(await row(id)).toMatchObject({ attempts: 3, last_error: 'flake 2' });
      await r.stop();
    });

    it('fails a job for good after its last attempt and runs onFailure in that transaction', async () => {
      const failures: Array<{ payload: unknown; message: string }> = [];
      const r = runner(storage, { backoffMs: () => 10, maxAttempts: 3 });
      r.register('t.broken', {
        run: async () => {
          throw new Error('always broken');
        },
        onFailure: async (repos, payload, error) => {
          failures.push({ payload, message: error.message });
          await repos.jobs.enqueue('t.after-failure', { from: payload });
        },
      });
      r.register('t.permanent', {
        run: async () => {
          throw new PermanentJobError('cannot ever work');
        },
        onFailure: async (_repos, payload, error) => {
          failures.push({ payload, message: error.message });
        },
      });
      const broken = await storage.repos.jobs.enqueue('t.broken', { b: 1 });
      const permanent = await storage.repos.jobs.enqueue('t.permanent', { p: 1 });
      r.start();
      await until(async () => (await row(broken)).status === 'failed' && (await row(permanent)).status === 'failed');
      await r.stop();
      expect(await row(broken)).toMatchObject({ attempts: 3, last_error: 'always broken' });
      expect(await row(permanent)).toMatchObject({ attempts: 1, last_error: 'cannot ever work' });
      expect(failures).toHaveLength(2);
      expect(failures).toEqual(
        expect.arrayContaining([
          { payload: { b: 1 }, message: 'always broken' },
          { payload: { p: 1 }, message: 'cannot ever work' },
        ]),
      );
      const written = await opened[0].db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 't.after-failure')
        .execute();
      expect(written.map((w) => w.payload)).toEqual([{ from: { b: 1 } }]);
    });

    it('renews the lease of a long job so no other claim takes it meanwhile', async () => {
      let runs = 0;
      const r = runner(storage, { leaseMs: 300 });
      r.register('t.long', {
        run: async () => {
          runs += 1;
          await sleep(1_000);
        },
      });
      const id = await storage.repos.jobs.enqueue('t.long', {});
      const running = r.runOnce();
      await until(() => runs === 1);
      for (let i = 0; i < 8; i += 1) {
        expect(await storage.repos.jobs.claim(['t.long'], 300)).toBeUndefined();
        await sleep(100);
      }
      await running;
      expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
      expect(runs).toBe(1);
    });

    it('is nudged at once by an announcement and stop() waits for the running job', async () => {
      let finished = false;
      let started = false;
      const r = runner(storage, { pollMs: 60_000 });
      r.register('t.nudge', {
        run: async () => {
          started = true;
          await sleep(300);
          finished = true;
        },
      });
      r.start();
      await sleep(50); // the runner has polled once and now sleeps for a minute
      const id = await storage.repos.jobs.enqueue('t.nudge', {});
      announceJobs(storage);
      await until(() => started, 2_000);
      await r.stop();
      expect(finished).toBe(true);
      expect((await row(id)).status).toBe('done');
    });

    it('with concurrency, a job that hangs holds one claim loop only; stop() aborts it and requeues it', async () => {
      const r = runner(storage, { concurrency: 3 });
      let aborted = false;
      r.register('t.hang', {
        run: (_payload, context) =>
          new Promise<void>((_resolve, reject) => {
            context.signal!.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            });
          }),
      });
      const done: number[] = [];
      r.register<{ n: number }>('t.quick', {
        run: async (payload) => {
          done.push(payload.n);
        },
      });
      const hanging = await storage.repos.jobs.enqueue('t.hang', {});
      r.start();
      await until(async () => (await row(hanging)).status === 'running');
      for (let n = 0; n < 5; n += 1) await storage.repos.jobs.enqueue('t.quick', { n });
      await until(() => done.length === 5, 5_000);
      expect(done.sort()).toEqual([0, 1, 2, 3, 4]);
      await r.stop();
      expect(aborted).toBe(true);
      // Given up because the runner stopped: queued again at once, for the next runner.
      expect(await row(hanging)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'stopped' });
      await opened[0].db.deleteFrom('jobs').where('id', '=', hanging).execute();
    });

    it('two runners sharing one queue never run the same job twice', async () => {
      // On PostgreSQL each runner has its own connection pool, as two server processes would.
      const second = kind === 'postgres' ? postgresStorage(await open()) : storage;
      const runsById = new Map<number, number>();
      const perRunner = [0, 0];
      const handler = (index: number) => ({
        run: async (payload: { n: number }) => {
          runsById.set(payload.n, (runsById.get(payload.n) ?? 0) + 1);
          perRunner[index] += 1;
          await sleep(Math.random() * 10);
        },
      });
      const a = runner(storage);
      const b = runner(second);
      a.register('t.shared', handler(0));
      b.register('t.shared', handler(1));
      const ids: number[] = [];
      for (let n = 0; n < 40; n += 1) ids.push(await storage.repos.jobs.enqueue('t.shared', { n }));
      a.start();
      b.start();
      await until(async () => {
        const done = await opened[0].db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 't.shared')
          .where('status', '=', 'done')
          .execute();
        return done.length === 40;
      }, 30_000);
      await Promise.all([a.stop(), b.stop()]);
      expect([...runsById.values()].every((count) => count === 1)).toBe(true);
      expect(runsById.size).toBe(40);
      expect(perRunner[0] + perRunner[1]).toBe(40);
      if (kind === 'postgres') expect(Math.min(...perRunner)).toBeGreaterThan(0);
      const attempts = await opened[0].db.selectFrom('jobs').select('attempts').where('id', 'in', ids).execute();
      expect(attempts.every((j) => j.attempts === 1)).toBe(true);
    });

    it('an idle runner asks for jobs once per poll, whatever its concurrency, and still finds a job another process enqueued', async () => {
      let claims = 0;
      const counted: Storage = {
        ...storage,
        repos: {
          ...storage.repos,
          jobs: {
            ...storage.repos.jobs,
            claim: (...args) => {
              claims += 1;
              return storage.repos.jobs.claim(...args);
            },
          },
        },
      };
      const seen: number[] = [];
      const r = runner(counted, { pollMs: 100, concurrency: 8 });
      r.register<{ n: number }>('t.idle', {
        run: async ({ n }) => {
          seen.push(n);
        },
      });
      r.start();
      await sleep(1050);
      // About ten polls in a second; one claim loop per poll would make about eighty.
      expect(claims).toBeGreaterThanOrEqual(1);
      expect(claims).toBeLessThanOrEqual(20);
      // Enqueued without an announcement on this storage, as another process would: found by the poll.
      await storage.repos.jobs.enqueue('t.idle', { n: 1 });
      await until(() => seen.length === 1);
      await r.stop();
    });
  });
}
