import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../support/databases.ts';
import { stateWatch } from './fingerprint.ts';
import { send } from './send.ts';
import { problemsOf } from './verdict.ts';

/** The fuzz suite's detectors must see what they claim to see, or a green fuzz run proves nothing. */
describe('pglite: fuzz detectors', () => {
  let database: Awaited<ReturnType<typeof openMigratedDatabase>>;
  beforeAll(async () => {
    database = await openMigratedDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('sees a committed write, and neither a read nor a rolled-back write', async () => {
    const { db } = database.open;
    const watch = stateWatch(db);
    const insert = (id: string) => sql`insert into organizations (id, name) values (${id}, 'Org')`.execute(db);
    let before = await watch.before();
    await db.selectFrom('organizations').selectAll().execute();
    expect(await watch.changedSince(before)).toEqual([]);
    before = await watch.before();
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into organizations (id, name) values ('rolled-back', 'Org')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await watch.changedSince(before)).toEqual([]);
    before = await watch.before();
    await insert('kept');
    expect(await watch.changedSince(before)).toEqual(['organizations']);
  });

  it("sees a content event recorded, not one marked dispatched later (the dispatcher's bookkeeping)", async () => {
    const { db } = database.open;
    const watch = stateWatch(db);
    const record = () =>
      sql`insert into content_events (space_id, environment_id, entity_type, entity_id, action, snapshot)
      values ('s', 'master', 'Entry', 'e', 'save', '{}')`.execute(db);
    await record();
    let before = await watch.before();
    await sql`update content_events set dispatched_at = now() where dispatched_at is null`.execute(db);
    expect(await watch.changedSince(before)).toEqual([]);
    before = await watch.before();
    await record();
    expect(await watch.changedSince(before)).toEqual(['content_events']);
  });

  it('reports a 5xx, an error body that is not JSON or has no sys.id, and a change by a refused request', () => {
    const response = (status: number, text: string, contentType = 'application/json') => ({
      kind: 'response' as const,
      status,
      contentType,
      text,
    });
    const error = JSON.stringify({ sys: { type: 'Error', id: 'BadRequest' }, message: 'm' });
    expect(problemsOf(response(400, error), [])).toEqual([]);
    expect(problemsOf(response(201, 'created'), ['entries'])).toEqual([]);
    expect(problemsOf(response(500, error), [])).toEqual(['status 500']);
    expect(problemsOf(response(400, '<pre>stack</pre>', 'text/html'), [])).toEqual([
      'error body is text/html, not JSON',
    ]);
    expect(problemsOf(response(404, '{"message":"no id"}'), [])).toEqual(['error body without sys.id']);
    expect(problemsOf(response(422, error), ['entries'])).toEqual(['refused with 422 but changed entries']);
    const scimError =
      '{"schemas":["urn:ietf:params:scim:api:messages:2.0:Error"],"status":"400","scimType":"invalidFilter","detail":"x"}';
    expect(problemsOf(response(400, scimError, 'application/scim+json'), [], 'scim')).toEqual([]);
    expect(problemsOf(response(400, error, 'application/scim+json'), [], 'scim')).toEqual([
      'error body is not an RFC 7644 error',
    ]);
  });

  it('reports a request the server never answers as a hang', async () => {
    const server = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const answer = await send(
      `http://127.0.0.1:${port}`,
      { method: 'GET', url: '/x', headers: {}, body: undefined },
      200,
    );
    server.closeAllConnections();
    server.close();
    expect(answer).toEqual({ kind: 'hang', afterMs: 200 });
    expect(problemsOf(answer, [])).toEqual(['hang: no answer within 200 ms']);
  });
});
