import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';
import { searchIndexFixtures } from './support/search-index-fixtures.ts';

/**
 * An environment clone's copy of the search values on a second connection (PostgreSQL only: PGlite has one session):
 * all or nothing with the tables, and shared with the caller's connection once it has copied the tables.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('postgres: the search values of an environment clone', () => {
  const api = useServer('postgres');
  const envs = environmentFixtures(api);
  const db = () => api().tessera.database.db;
  const { expectIndexInStep, setup, ids } = searchIndexFixtures(api);

  it('copies values on a second connection, all or nothing: a failure on either side leaves no rows and the retry copies all; leftovers are replaced', async () => {
    const s = await setup();
    const count = async (env: string) => {
      const { rows } = await sql<{ entries: number; slots: number; values: number; links: number }>`select
        (select count(*) from entries where space_id = ${s.id} and environment_id = ${env})::int as entries,
        (select count(*) from entry_links where space_id = ${s.id} and environment_id = ${env})::int as links,
        (select count(*) from entry_value_slots where space_id = ${s.id} and environment_id = ${env})::int as slots,
        (select count(*) from entry_values v join entry_value_slots t on t.id = v.slot where t.space_id = ${s.id} and t.environment_id = ${env})::int as values`.execute(
        db(),
      );
      return rows[0]!;
    };
    // Failures are real PostgreSQL errors, raised by triggers this test adds for its own environment ids.
    await sql
      .raw(
        `create function fail_entries() returns trigger language plpgsql as $$
      begin
        if new.environment_id = 'broken-entries' then raise exception 'entries copy failed'; end if;
        return new;
      end $$;
      create function fail_values() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from entry_value_slots t where t.id = new.slot and t.environment_id = 'broken-values') then raise exception 'values copy failed'; end if;
        return new;
      end $$;
      create trigger fail_entries before insert on entries for each row execute function fail_entries();
      create trigger fail_values before insert on entry_values for each row execute function fail_values();`,
      )
      .execute(db());
    const broken = ['broken-entries', 'broken-values'];
    const lastError = async (env: string) =>
      (
        await db()
          .selectFrom('jobs')
          .select('last_error')
          .where('kind', '=', 'environment.clone')
          .where('payload', '@>', JSON.stringify({ spaceId: s.id, environmentId: env }) as never)
          .executeTakeFirst()
      )?.last_error ?? null;
    try {
      for (const env of broken) {
        expect(
          (
            await api().put(
              `/spaces/${s.id}/environments/${env}`,
              { name: env },
              { headers: { [envs.source()]: 'master' } },
            )
          ).status,
        ).toBe(201);
      }
      for (const env of broken) {
        await expect.poll(() => lastError(env), { timeout: 20_000, interval: 50 }).toContain('copy failed');
        expect(await count(env), env).toEqual({ entries: 0, links: 0, slots: 0, values: 0 });
      }
    } finally {
      await sql
        .raw(
          'drop trigger fail_entries on entries; drop trigger fail_values on entry_values; drop function fail_entries(); drop function fail_values()',
        )
        .execute(db());
    }
    // The job's next attempt copies everything.
    for (const env of broken) {
      await envs.waitForState(s.id, env, 'ready');
      expect(await count(env), env).toEqual(await count('master'));
    }
    // What an attempt whose entries did not commit would leave: a slot of the target with stale values.
    const slot = await sql<{
      id: number;
    }>`insert into entry_value_slots (space_id, environment_id, content_type_id, field_id, locale)
      values (${s.id}, 'again', 'doc', 'views', 'en-US') returning id`.execute(db());
    await sql`insert into entry_values (slot, entry_id, states, num) values (${slot.rows[0]!.id}, 'd1', 3, 999), (${slot.rows[0]!.id}, 'ghost', 3, 1)`.execute(
      db(),
    );
    await envs.readyEnvironment(s.id, 'again', 'master');
    expect(await count('again')).toEqual({ ...(await count('master')) });
    expect(await ids(s.e('again', 'entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views')).toEqual(
      await ids(s.m('entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views'),
    );
    await expectIndexInStep(s.id);
  });

  it("shares the values between both connections: the caller's copies the slots the second has not started", async () => {
    const s = await setup();
    // Every value row written, with the backend that wrote it; the first row of the first slot of the copy waits 2 s,
    // long enough for the caller's connection to copy the tables and take the other slots.
    await sql
      .raw(
        `create table clone_copy_log (slot int, pid int);
      create function log_values() returns trigger language plpgsql as $$
      begin
        if new.slot = (select min(id) from entry_value_slots where space_id = '${s.id}' and environment_id = 'shared')
          and not exists (select from clone_copy_log where slot = new.slot) then perform pg_sleep(2); end if;
        insert into clone_copy_log values (new.slot, pg_backend_pid());
        return new;
      end $$;
      create trigger log_values before insert on entry_values for each row execute function log_values();`,
      )
      .execute(db());
    try {
      await envs.readyEnvironment(s.id, 'shared', 'master');
    } finally {
      await sql.raw('drop trigger log_values on entry_values; drop function log_values()').execute(db());
    }
    const { rows } = await sql<{
      slots: number;
      pids: number;
    }>`select count(distinct l.slot)::int as slots, count(distinct l.pid)::int as pids
      from clone_copy_log as l join entry_value_slots as t on t.id = l.slot where t.space_id = ${s.id} and t.environment_id = 'shared'`.execute(
      db(),
    );
    await sql`drop table clone_copy_log`.execute(db());
    expect(rows[0]!.slots).toBeGreaterThan(2);
    expect(rows[0]!.pids).toBe(2);
    expect(await ids(s.e('shared', 'entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views')).toEqual(
      await ids(s.m('entries'), 'content_type=doc&fields.views[gt]=15&order=fields.views'),
    );
    await expectIndexInStep(s.id);
  });
});
