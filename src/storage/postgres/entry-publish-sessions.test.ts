import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertSpace } from '../../../contract-tests/support/databases.ts';
import type { EntryRecord } from '../port/content.ts';
import type { Storage } from '../port/index.ts';
import { CACHE_CHANNEL } from './cache-context.ts';
import { publishEntries } from './entry-publish.ts';
import { migrate, openPostgres, postgresStorage, type OpenDatabase } from './index.ts';
import { ANNOUNCES_CONTENT } from './session-settings.ts';

const USER = 'user-publisher';

// PostgreSQL only: PGlite runs one session, so neither a held lock nor another session's LISTEN can be observed.
describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'postgres: entry publishes in one statement, with other sessions',
  () => {
    let created: Awaited<ReturnType<typeof createTestDatabase>>;
    let open: OpenDatabase;
    let storage: Storage;
    let listener: pg.Client;
    const received: string[] = [];
    beforeAll(async () => {
      created = await createTestDatabase();
      open = await openPostgres(created.url);
      await migrate(open.db);
      storage = postgresStorage(open);
      listener = new pg.Client({ connectionString: created.url });
      await listener.connect();
      listener.on('notification', (m) => {
        if (m.channel === CACHE_CHANNEL) received.push(m.payload ?? '');
      });
      await listener.query(`listen ${CACHE_CHANNEL}`);
    });
    afterAll(async () => {
      await listener?.end();
      await storage?.close();
      await created?.drop();
    });

    async function arrange(spaceId: string) {
      await insertSpace(storage, spaceId, ['master', 'dev']);
      await sql`insert into content_types (space_id, environment_id, id, name, version, published_version)
      values (${spaceId}, 'master', 'ct', 'CT', 2, 1), (${spaceId}, 'dev', 'ct2', 'CT2', 2, 1)`.execute(open.db);
      await sql`insert into entries (space_id, environment_id, id, content_type_id)
      values (${spaceId}, 'master', 'm', 'ct'), (${spaceId}, 'dev', 'd', 'ct2')`.execute(open.db);
      const item = (environmentId: string, contentTypeId: string, id: string) => ({
        spaceId,
        environmentId,
        id,
        contentTypeId,
        expectedVersion: 1,
        activationVersion: 1,
        userId: USER,
        links: {},
      });
      return [item('master', 'ct', 'm'), item('dev', 'ct2', 'd')];
    }

    it('waits for a content type being activated, then publishes only the entries whose activation still holds', async () => {
      const items = await arrange('pb-race');
      let publishing: Promise<Array<EntryRecord | undefined>> | undefined;
      await open.db.transaction().execute(async (trx) => {
        await sql`select from content_types where space_id = 'pb-race' and environment_id = 'master' and id = 'ct' for update`.execute(
          trx,
        );
        publishing = publishEntries(open.db, items);
        const deadline = Date.now() + 10_000;
        for (;;) {
          await sql`select pg_stat_clear_snapshot()`.execute(trx);
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(trx);
          if (rows[0]!.n > 0) break;
          if (Date.now() > deadline) throw new Error('the publish never waited');
          await new Promise((r) => setTimeout(r, 20));
        }
        await sql`update content_types set published_version = version, version = version + 1
        where space_id = 'pb-race' and environment_id = 'master' and id = 'ct'`.execute(trx);
      });
      const answers = await publishing!;
      expect(answers.map((r) => r && `${r.environmentId}/${r.id} v${r.version}`)).toEqual([undefined, 'dev/d v2']);
    });

    it("is announced by the tables' triggers for every environment it wrote, when the connection does not announce itself", async () => {
      const items = await arrange('pb-notify');
      const from = received.length;
      await open.db.transaction().execute(async (trx) => {
        await sql`select set_config(${ANNOUNCES_CONTENT}, 'off', true)`.execute(trx);
        expect((await publishEntries(trx, items)).every((r) => r !== undefined)).toBe(true);
      });
      await sql`select pg_notify(${CACHE_CHANNEL}, 'marker')`.execute(open.db);
      const deadline = Date.now() + 10_000;
      while (!received.slice(from).includes('marker') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(received.slice(from, received.indexOf('marker', from)).sort()).toEqual([
        'content:pb-notify:dev',
        'content:pb-notify:master',
      ]);
    });
  },
);
