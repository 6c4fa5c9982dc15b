import { sql, type RawBuilder, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '../src/storage/postgres/schema.ts';
import { contentFixtures } from './support/content-fixtures.ts';
import { useServer } from './support/harness.ts';

type Field = { id: string; required: boolean; validations: unknown[] };

/**
 * An activation checks the published entries against the new definition while it holds the content type row; a
 * publish racing with it must not slip past that check. Here a transaction on a second connection plays the
 * activation: it holds the row, the publish requests arrive and wait (the test sees their lock waits), then the
 * "activation" changes a field and commits a new activation (a new published version, as activating does). It
 * bypasses the read cache like an activation made by another process whose notification has not arrived yet. The
 * publishes must be validated against, and write by, the definition they now find. PostgreSQL only: PGlite runs one
 * session, so a held transaction would serialise the requests entirely.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'postgres: publishing while the content type is being activated',
  () => {
    const api = useServer('postgres');
    const f = contentFixtures(api);

    /** Polls until `count` (run in the transaction holding the locks) reaches `n`. */
    async function waitFor(
      trx: Transaction<DatabaseSchema>,
      n: number,
      count: RawBuilder<{ n: number }>,
      what: string,
    ) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        // pg_stat_activity is read once per transaction unless its snapshot is cleared.
        await sql`select pg_stat_clear_snapshot()`.execute(trx);
        const { rows } = await count.execute(trx);
        if (rows[0]!.n >= n) return;
        if (Date.now() > deadline) throw new Error(`${what} never waited`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    /** Holds the content type row until `requests` started by `start` all wait for it, then activates `change`. */
    async function activateWhileWaited<T>(
      spaceId: string,
      waiting: number,
      start: () => T,
      change: (field: Field) => Field,
    ): Promise<T> {
      let started: T | undefined;
      await api()
        .tessera.database.db.transaction()
        .execute(async (trx) => {
          const row = await trx
            .selectFrom('content_types')
            .select('published')
            .where('space_id', '=', spaceId)
            .where('id', '=', 'post')
            .forUpdate()
            .executeTakeFirstOrThrow();
          started = start();
          // Commit only once every publish waits for the row, so the test always exercises the race.
          await waitFor(
            trx,
            waiting,
            sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0`,
            'a publish',
          );
          const definition = row.published as { fields: Field[] };
          const published = JSON.stringify({ ...definition, fields: definition.fields.map(change) });
          await sql`update content_types set published = ${published}::jsonb, published_version = version,
        published_counter = published_counter + 1, version = version + 1 where space_id = ${spaceId} and id = 'post'`.execute(
            trx,
          );
        });
      return started!;
    }

    it('is validated again against the definition activated meanwhile (422, nothing published)', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [
        { id: 'title', type: 'Symbol' },
        { id: 'summary', type: 'Text' },
      ]);
      const created = await api().post(
        s.m('entries'),
        { fields: { title: { 'en-US': 'No summary' } } },
        f.ctHeader('post'),
      );
      expect(created.status).toBe(201);
      const entryId = created.body.sys.id as string;

      const publishing = await activateWhileWaited(
        s.id,
        1,
        () => api().put(`${s.m('entries')}/${entryId}/published`, undefined, f.version(1)),
        (field) => (field.id === 'summary' ? { ...field, required: true } : field),
      );
      const res = await publishing;
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        details: { errors: [{ name: 'required', path: ['fields', 'summary'] }] },
      });
      const entry = await api().get(`${s.m('entries')}/${entryId}`);
      expect(entry.body.sys.version).toBe(1);
      expect(entry.body.sys).not.toHaveProperty('publishedVersion');
    });

    it('writes by the definition it locked: a `unique` activated meanwhile holds between two publishes of one value', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const created = await api().post(
          s.m('entries'),
          { fields: { title: { 'en-US': 'Same title' } } },
          f.ctHeader('post'),
        );
        expect(created.status).toBe(201);
        ids.push(created.body.sys.id as string);
      }
      // Both publishes pass their validation in the transaction before either writes: the entry rows are held until
      // both wait for them, so only the check under the publishing lock, by the locked definition, can tell them apart.
      const db = api().tessera.database.db;
      let publishing: Array<Promise<{ status: number; body: any }>> = [];
      await db.transaction().execute(async (entries) => {
        await entries
          .selectFrom('entries')
          .select('id')
          .where('space_id', '=', s.id)
          .where('id', 'in', ids)
          .forUpdate()
          .execute();
        // The two at-once publishes go to the database together (entry-batches.ts): one statement waits for the row.
        publishing = await activateWhileWaited(
          s.id,
          1,
          () => ids.map((id) => api().put(`${s.m('entries')}/${id}/published`, undefined, f.version(1))),
          (field) => ({ ...field, validations: [{ unique: true }] }),
        );
        await waitFor(
          entries,
          2,
          sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where pg_backend_pid() = any(pg_blocking_pids(pid))`,
          'a publish write',
        );
      });
      const results = await Promise.all(publishing);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([200, 422]);
      expect(results.find((r) => r.status === 422)!.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        details: { errors: [{ name: 'unique' }] },
      });
    });
  },
);
