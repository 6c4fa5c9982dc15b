import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertSpace } from '../../../contract-tests/support/databases.ts';
import { createLogger } from '../../lib/logger.ts';
import type { Storage } from '../port/index.ts';
import { CACHE_CHANNEL } from './cache-context.ts';
import { migrate, openPostgres, postgresStorage, ReadCache, startCacheListener, type OpenDatabase } from './index.ts';
import { withStartupOption } from './database.ts';
import { ANNOUNCES_CONTENT } from './session-settings.ts';

/** Notifications on the cache channel, as another process's listener receives them. */
async function listener(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const received: string[] = [];
  const waiting: Array<{ payload: string; resolve: () => void }> = [];
  client.on('notification', (m) => {
    if (m.channel !== CACHE_CHANNEL) return;
    received.push(m.payload ?? '');
    for (const w of waiting.filter((w) => w.payload === m.payload)) w.resolve();
  });
  await client.query(`listen ${CACHE_CHANNEL}`);
  return {
    received,
    /** Resolves once `payload` has arrived (now or later). */
    arrival: (payload: string) =>
      new Promise<void>((resolve) => {
        if (received.includes(payload)) resolve();
        else waiting.push({ payload, resolve });
      }),
    close: () => client.end(),
  };
}

// Migration 0015 and cache-announcer.ts: Tessera's own entry and asset writes send no NOTIFY in their transaction (so
// they do not queue for PostgreSQL's notification lock); they are announced after commit. Other writers' still are.
describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres: announcements of content writes', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let open: OpenDatabase;
  let storage: Storage;
  let other: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    created = await createTestDatabase();
    open = await openPostgres(created.url);
    await migrate(open.db);
    // Each write's announcement goes out at once, so none of the set-up's arrives during a test's window.
    storage = postgresStorage(open, { cache: new ReadCache(), announceIntervalMs: 0 });
    other = await listener(created.url);
    await insertSpace(storage, 'space-a');
    await sql`insert into content_types (space_id, environment_id, id, name) values ('space-a', 'master', 'ct', 'CT')`.execute(
      open.db,
    );
    // The space's announcement goes out after its commit: on a busy machine it could arrive during the first test.
    await other.arrival('envs:space-a');
  });
  afterAll(async () => {
    await other?.close();
    await storage?.close();
    await created?.drop();
  });

  /** Notifications are delivered in commit order: whatever `write` made its commit send arrived before the marker. */
  async function sentBy(write: () => Promise<unknown>, marker: string): Promise<string[]> {
    const from = other.received.length;
    await write();
    await sql`select pg_notify(${CACHE_CHANNEL}, ${marker})`.execute(open.db);
    await other.arrival(marker);
    return other.received.slice(from, other.received.indexOf(marker, from));
  }

  it("a write over Tessera's connections makes the table's trigger send nothing", async () => {
    const sent = await sentBy(
      () =>
        sql`insert into entries (space_id, environment_id, id, content_type_id) values ('space-a', 'master', 'raw1', 'ct')`.execute(
          open.db,
        ),
      'marker-1',
    );
    expect(sent).toEqual([]);
  });

  it('a write over any other connection is still announced by the trigger at its commit', async () => {
    const plain = new pg.Client({ connectionString: created.url });
    await plain.connect();
    try {
      const sent = await sentBy(
        () => plain.query(`update entries set fields = '{"a": 1}' where space_id = 'space-a' and id = 'raw1'`),
        'marker-2',
      );
      expect(sent).toEqual(['content:space-a:master']);
    } finally {
      await plain.end();
    }
  });

  it('an entry written through the repositories is announced after its commit', async () => {
    other.received.length = 0;
    const arrived = other.arrival('content:space-a:master');
    await storage.repos.entries.insert({
      spaceId: 'space-a',
      environmentId: 'master',
      id: 'e1',
      contentTypeId: 'ct',
      createdBy: 'user-space-a',
      fields: {},
      tags: [],
    });
    await arrived;
    expect(other.received).toContain('content:space-a:master');
  });

  it('a process skips the notifications its own connections send (its writes invalidated its cache at commit)', async () => {
    const cache = new ReadCache();
    const stop = await startCacheListener(
      { connectionString: created.url },
      cache,
      createLogger('silent'),
      open.backendPids,
    );
    const plain = new pg.Client({ connectionString: created.url });
    await plain.connect();
    try {
      expect(open.backendPids.size).toBeGreaterThan(0);
      cache.set('own', 1, ['tag-own'], cache.begin());
      cache.set('other', 2, ['tag-other'], cache.begin());
      await sql`select pg_notify(${CACHE_CHANNEL}, 'tag-own')`.execute(open.db);
      await plain.query(`select pg_notify($1, 'tag-other')`, [CACHE_CHANNEL]);
      // Delivered in commit order: once the other connection's has been applied, the own one has been seen too.
      while (cache.get('other') !== undefined) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(cache.get('own')).toBe(1);
    } finally {
      await plain.end();
      await stop();
    }
  });

  it("the setting comes with the connection: after the URL's own options, before any statement, and through reset all", async () => {
    const { connectionString } = withStartupOption(
      `${created.url}?options=${encodeURIComponent('-c statement_timeout=4321')}`,
      `-c ${ANNOUNCES_CONTENT}=on`,
    );
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      const shown = async () =>
        (
          await client.query(
            `select current_setting('statement_timeout') as timeout, current_setting('${ANNOUNCES_CONTENT}') as announces`,
          )
        ).rows[0];
      expect(await shown()).toEqual({ timeout: '4321ms', announces: 'on' });
      await client.query('reset all');
      expect(await shown()).toEqual({ timeout: '4321ms', announces: 'on' });
    } finally {
      await client.end();
    }
  });

  it('a starting process tells the others to empty their caches', async () => {
    const from = other.received.length;
    const stop = await startCacheListener({ connectionString: created.url }, new ReadCache(), createLogger('silent'));
    await other.arrival('*');
    await stop();
    expect(other.received.slice(from)).toContain('*');
  });
});
