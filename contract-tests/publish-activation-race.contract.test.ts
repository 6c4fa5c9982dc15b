import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { useServer } from './support/harness.ts';

/**
 * An activation checks the published entries against the new definition while it holds the content type row; a
 * publish racing with it must not slip past that check. Here a transaction on a second connection plays the
 * activation: it holds the row, the publish request arrives and waits (the test sees its lock wait), then the "activation" makes a field required
 * and commits. The publish must be validated against the definition it now finds. PostgreSQL only: PGlite runs one
 * session, so a held transaction would serialise the request entirely.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('postgres: publishing while the content type is being activated', () => {
  const api = useServer('postgres');
  const f = contentFixtures(api);

  it('is validated again against the definition activated meanwhile (422, nothing published)', async () => {
    const s = await f.space();
    await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }, { id: 'summary', type: 'Text' }]);
    const created = await api().post(s.m('entries'), { fields: { title: { 'en-US': 'No summary' } } }, f.ctHeader('post'));
    expect(created.status).toBe(201);
    const entryId = created.body.sys.id as string;
    const db = api().tessera.database.db;

    let publishing: Promise<{ status: number; body: any }> | undefined;
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('content_types').select('published').where('space_id', '=', s.id)
        .where('id', '=', 'post').forUpdate().executeTakeFirstOrThrow();
      publishing = api().put(`${s.m('entries')}/${entryId}/published`, undefined, f.version(1));
      // Commit only once the publish waits for the row, so the test always exercises the race.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows: waiting } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
          where not granted and pid in (select pid from pg_stat_activity where datname = current_database())`.execute(trx);
        if (waiting[0]!.n > 0) break;
        if (Date.now() > deadline) throw new Error('the publish never waited for the content type row');
        await new Promise((r) => setTimeout(r, 20));
      }
      const definition = row.published as { fields: Array<{ id: string; required: boolean }> };
      const fields = definition.fields.map((field) => (field.id === 'summary' ? { ...field, required: true } : field));
      await sql`update content_types set published = ${JSON.stringify({ ...definition, fields })}::jsonb
        where space_id = ${s.id} and id = 'post'`.execute(trx);
    });
    const res = await publishing!;
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({ sys: { id: 'ValidationFailed' }, details: { errors: [{ name: 'required', path: ['fields', 'summary'] }] } });
    const entry = await api().get(`${s.m('entries')}/${entryId}`);
    expect(entry.body.sys.version).toBe(1);
    expect(entry.body.sys).not.toHaveProperty('publishedVersion');
  });
});
