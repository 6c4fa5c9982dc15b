import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { fewestStatements } from './support/statement-count.ts';
import { settled, useTwoProcesses } from './support/two-processes.ts';

const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'views', type: 'Integer' },
] as const;
const SEARCH = 'content_type=article&fields.views[gt]=500&order=sys.id&limit=2';
const PUBLISHED = 'content_type=article&fields.views[gt]=500&sys.publishedAt[exists]=true&limit=0';

// Search totals are kept in the read cache until a write to the environment; every write must show in the next total.
for (const kind of DB_KINDS) {
  describe(`${kind}: search totals stay exact with cached counts`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    let spaceId: string;
    const m = (p: string) => `/spaces/${spaceId}/environments/master/${p}`;
    const total = async (query = SEARCH) => {
      const res = await api().get(`${m('entries')}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.total as number;
    };
    const write = async (id: string, views: number, version?: number) => {
      const res = await api().put(
        m(`entries/${id}`),
        { fields: { title: { 'en-US': id }, views: { 'en-US': views } } },
        version === undefined ? f.ctHeader('article') : f.version(version),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(version === undefined ? 201 : 200);
      return res.body.sys.version as number;
    };

    beforeAll(async () => {
      spaceId = (await f.space('Totals')).id;
      await f.contentType(
        spaceId,
        'article',
        FIELDS.map((x) => ({ ...x })),
      );
      for (let i = 0; i < 5; i++) await write(`a${i}`, i * 300);
    });

    it('a repeated search counts once; the page is read every time', async () => {
      expect(await total()).toBe(3);
      let threshold = 500;
      // Another value each time: a total never counted before, everything else as warm as the repeated search's.
      const cold = await fewestStatements(api(), () => total(SEARCH.replace('500', String(++threshold))));
      const warm = await fewestStatements(api(), () => total());
      expect(warm).toBe(cold - 1);
      expect(warm).toBeGreaterThan(0);
    });

    it('create, update, publish, unpublish, archive and delete change the next total', async () => {
      expect(await total()).toBe(3);
      let v = await write('n1', 900);
      expect(await total()).toBe(4);
      v = await write('n1', 100, v);
      expect(await total()).toBe(3);
      v = await write('n1', 800, v);
      expect([await total(), await total(PUBLISHED)]).toEqual([4, 0]);
      const published = await api().put(m('entries/n1/published'), undefined, f.version(v));
      expect(published.status).toBe(200);
      expect(await total(PUBLISHED)).toBe(1);
      const unpublished = await api().delete(m('entries/n1/published'), f.version(published.body.sys.version));
      expect(unpublished.status).toBe(200);
      expect(await total(PUBLISHED)).toBe(0);
      const archived = await api().put(m('entries/n1/archived'), undefined, f.version(unpublished.body.sys.version));
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      expect(await total(`${SEARCH}&sys.archivedAt[exists]=true`)).toBe(1);
      const back = await api().delete(m('entries/n1/archived'), f.version(archived.body.sys.version));
      expect(await total(`${SEARCH}&sys.archivedAt[exists]=true`)).toBe(0);
      expect((await api().delete(m('entries/n1'), f.version(back.body.sys.version))).status).toBe(204);
      expect(await total()).toBe(3);
    });

    it('another environment, another space and other values are other totals', async () => {
      expect(await total()).toBe(3);
      expect(await total('content_type=article&fields.views[gt]=0&limit=1')).toBe(4);
      expect(await total('content_type=article&fields.views[gt]=1000&limit=1')).toBe(1);
      const other = (await f.space('Other totals')).id;
      await f.contentType(
        other,
        'article',
        FIELDS.map((x) => ({ ...x })),
      );
      const res = await api().get(`/spaces/${other}/environments/master/entries?${SEARCH}`);
      expect(res.body.total).toBe(0);
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('search totals across two processes on one PostgreSQL database', () => {
  const processes = useTwoProcesses('totals-cache-token-00000');

  it("an entry written through one process, or below the API, counts in the other's next total", async () => {
    const { a, baseA, baseB, call, articleSpace, databaseUrl } = processes();
    const { spaceId, m } = await articleSpace(FIELDS.map((x) => ({ ...x })));
    const totalInB = async () => (await call(baseB, 'GET', `${m('entries')}?${SEARCH}`)).body.total;
    expect([await totalInB(), await totalInB()]).toEqual([0, 0]); // the second from B's cache
    const entry = await call(
      baseA,
      'PUT',
      m('entries/e1'),
      { fields: { title: { 'en-US': 'e1' }, views: { 'en-US': 900 } } },
      { [`${a.config.vendor.headerPrefix}-Content-Type`]: 'article' },
    );
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(await settled(totalInB, (n) => n === 1)).toBe(1);

    // A write below the API, on a connection of its own: the table's trigger tells both processes (migration 0012).
    const outside = new pg.Client({ connectionString: databaseUrl });
    await outside.connect();
    try {
      await outside.query(
        `update entries set fields = jsonb_set(fields, '{views,en-US}', '100') where space_id = $1 and id = 'e1'`,
        [spaceId],
      );
    } finally {
      await outside.end();
    }
    expect(await settled(totalInB, (n) => n === 0)).toBe(0);
  });
});
