import { sql } from 'kysely';
import type { JobsRepository } from '../port/jobs.ts';
import type { Executor } from './executor.ts';

export function jobsRepository(db: Executor): JobsRepository {
  return {
    async enqueue(kind, payload, runAt) {
      const row = await db
        .insertInto('jobs')
        .values({ kind, payload: JSON.stringify(payload), run_at: runAt ?? (sql<string>`now()` as never) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async enqueueMany(kind, payloads, runAt) {
      if (payloads.length === 0) return;
      await sql`
        insert into jobs (kind, payload, run_at)
        select ${kind}, p.payload, coalesce(${runAt?.toISOString() ?? null}::timestamptz, now())
        from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) as p(payload)`.execute(db);
    },
    // Claim and complete run for every job: written as `with` statements, the pool prepares them (prepared-statements.ts)
    // and PostgreSQL plans them once per connection.
    async claim(kinds, leaseMs) {
      const result = await sql<{ id: number; kind: string; payload: Record<string, unknown>; attempts: number }>`
        with claimed as (
          update jobs set status = 'running', attempts = attempts + 1, updated_at = now(),
                 locked_until = now() + make_interval(secs => ${leaseMs / 1000})
          where id = (
            select id from jobs
            where kind = any(${kinds}::text[]) and run_at <= now()
              and (status = 'queued' or (status = 'running' and locked_until < now()))
            order by run_at, id
            for update skip locked
            limit 1)
          returning id, kind, payload, attempts)
        select * from claimed`.execute(db);
      return result.rows[0];
    },
    async complete(id, attempt) {
      const fence = attempt === undefined ? sql`` : sql`and attempts = ${attempt} and status = 'running'`;
      const result = await sql<{ id: number }>`
        with done as (update jobs set status = 'done', locked_until = null, updated_at = now() where id = ${id} ${fence} returning id)
        select id from done`.execute(db);
      return result.rows.length > 0;
    },
    async fail(id, error, retryAt, attempt) {
      let query = db
        .updateTable('jobs')
        .set({
          status: retryAt ? 'queued' : 'failed',
          last_error: error.slice(0, 2000),
          locked_until: null,
          run_at: retryAt ?? (sql<string>`run_at` as never),
          updated_at: sql`now()`,
        })
        .where('id', '=', id);
      if (attempt !== undefined) query = query.where('attempts', '=', attempt).where('status', '=', 'running');
      return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
    },
    async renew(id, attempt, leaseMs) {
      const result = await db
        .updateTable('jobs')
        .set({ locked_until: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async purgeDone(before, limit) {
      const result = await sql`
        delete from jobs where id in (
          select id from jobs where status = 'done' and updated_at < ${before.toISOString()}::timestamptz
          order by updated_at limit ${limit} for update skip locked)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
    async scheduleOnce(kind, runAt) {
      const result = await sql`
        insert into jobs (kind, payload, run_at)
        select ${kind}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz
        where not exists (select 1 from jobs where kind = ${kind} and status = 'queued')`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
  };
}
