import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type DbKind } from './support/databases.ts';
import { useServer } from './support/harness.ts';

/** Ids that a language collation (ICU en-US) orders differently from code point order: case, `_`, `-`, digits. */
const IDS = ['a_b', 'aB', 'ab', 'Ab', 'a-b', 'AB', 'a0', 'A_b', 'b', 'B_', 'Ba', '_a', '9z'];
const CODE_POINT_ORDER = [...IDS].sort();

/**
 * On PostgreSQL the suite runs on a database whose default collation is ICU en-US (as a server set up with a
 * language locale has), so ordering by id must not depend on it; PGlite's default is C.
 */
function languageCollatedDatabase(kind: DbKind): Record<string, string> {
  if (kind !== 'postgres') return {};
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `tessera_icu_${process.pid}_${Date.now()}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(() =>
    run(`create database "${name}" template template0 locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'`),
  );
  afterAll(() => run(`drop database if exists "${name}" with (force)`));
  return { DATABASE_URL: url.toString() };
}

for (const kind of DB_KINDS) {
  describe(`${kind}: ordering by sys.id is code point order on every database`, () => {
    const env = languageCollatedDatabase(kind);
    const api = useServer(kind, { env });

    it('the database under test really has a collation that orders these ids otherwise (the test can fail)', async () => {
      if (kind !== 'postgres') return;
      const { rows } = await api().tessera.database.pool!.query<{ id: string }>(
        `select id from unnest($1::text[]) as t(id) order by id`,
        [IDS],
      );
      expect(rows.map((r) => r.id)).not.toEqual(CODE_POINT_ORDER);
    });

    it('assets and entries order by sys.id (both directions) as PGlite does, whatever the server collation', async () => {
      const spaceId = (await api().post('/spaces', { name: 'Collation' })).body.sys.id as string;
      const base = `/spaces/${spaceId}/environments/master`;
      const type = await api().put(`${base}/content_types/thing`, {
        name: 'Thing',
        fields: [{ id: 'title', name: 'Title', type: 'Symbol' }],
      });
      expect(type.status, type.text).toBe(201);
      expect(
        (
          await api().put(`${base}/content_types/thing/published`, undefined, {
            headers: { [`${api().vendorPrefix}-Version`]: '1' },
          })
        ).status,
      ).toBe(200);
      for (const id of IDS) {
        expect((await api().put(`${base}/assets/${id}`, { fields: { title: { 'en-US': id } } })).status).toBe(201);
        const entry = await api().put(
          `${base}/entries/${id}`,
          { fields: { title: { 'en-US': id } } },
          { headers: { [`${api().vendorPrefix}-Content-Type`]: 'thing' } },
        );
        expect(entry.status, entry.text).toBe(201);
      }
      for (const collection of ['assets', 'entries']) {
        const asc = await api().get(`${base}/${collection}`, { query: { order: 'sys.id', limit: 100 } });
        expect(
          asc.body.items.map((i: { sys: { id: string } }) => i.sys.id),
          collection,
        ).toEqual(CODE_POINT_ORDER);
        const desc = await api().get(`${base}/${collection}`, { query: { order: '-sys.id', limit: 100 } });
        expect(
          desc.body.items.map((i: { sys: { id: string } }) => i.sys.id),
          collection,
        ).toEqual([...CODE_POINT_ORDER].reverse());
        // A page boundary falls in the same place.
        const page = await api().get(`${base}/${collection}`, { query: { order: 'sys.id', skip: 3, limit: 4 } });
        expect(
          page.body.items.map((i: { sys: { id: string } }) => i.sys.id),
          collection,
        ).toEqual(CODE_POINT_ORDER.slice(3, 7));
      }
    });
  });
}
