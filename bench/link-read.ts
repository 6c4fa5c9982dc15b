import { sql } from 'kysely';
import type { SearchQuery } from '../src/domain/search/query.ts';
import { migrate, openPGlite, openPostgres, type OpenDatabase } from '../src/storage/postgres/index.ts';
import { searchRepository } from '../src/storage/postgres/search/search-repository.ts';
import { benchDatabase } from './postgres.ts';
import { fixed, quantile, verdict } from './stats.ts';

/**
 * Issue 18, item 1: a page of 20 articles plus the people they link to, through the storage call GraphQL's
 * collections make (`search.entries` with `linkedEntriesOf`), beside the same page without the link, at 1,000 and
 * 100,000 articles on tables never analyzed (PGlite's statistics keeper is stopped), then after ANALYZE. Rows are
 * written in SQL, set-based; sequential reads, one at a time.
 */
const SIZES = [1_000, 100_000];
const PEOPLE = 100;
const READS = Number(process.env.BENCH_LINK_READS ?? 50);
const SCOPE = { spaceId: 'bench-links', environmentId: 'master' };
const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'author', type: 'Link', linkType: 'Entry' },
];
const PAGE: SearchQuery & { target: 'Entry' } = {
  target: 'Entry',
  state: 'published',
  contentTypeId: 'article',
  where: { kind: 'and', conditions: [] },
  order: [{ kind: 'path', path: { kind: 'sys', attribute: 'id', valueType: 'symbol' }, direction: 'asc' }],
  skip: 0,
  limit: 20,
};
const log = (line = '') => console.log(line);

async function insertSpace(open: OpenDatabase): Promise<void> {
  await sql`insert into organizations (id, name) values ('bench-org', 'Bench')`.execute(open.db);
  await sql`insert into spaces (id, organization_id, name) values (${SCOPE.spaceId}, 'bench-org', 'Links')`.execute(
    open.db,
  );
  await sql`insert into environments (space_id, id, name, status) values (${SCOPE.spaceId}, 'master', 'master', 'ready')`.execute(
    open.db,
  );
  await sql`insert into content_types (space_id, environment_id, id, name, fields, published, published_version)
    values (${SCOPE.spaceId}, 'master', 'article', 'Article', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb, 1),
      (${SCOPE.spaceId}, 'master', 'person', 'Person', '[]'::jsonb, '{"fields":[]}'::jsonb, 1)`.execute(open.db);
  await sql`insert into entries (space_id, environment_id, id, content_type_id, fields, published_fields, published_version, published_at)
    select ${SCOPE.spaceId}, 'master', 'person-' || g, 'person', '{}'::jsonb, '{}'::jsonb, 1, now() from generate_series(1, ${PEOPLE}::int) as g`.execute(
    open.db,
  );
}

/** Published articles `from` .. `to - 1`, each linking to a person, and their link index rows. */
async function insertArticles(open: OpenDatabase, from: number, to: number): Promise<void> {
  await sql`insert into entries (space_id, environment_id, id, content_type_id, fields, published_fields, published_version, published_at)
    select ${SCOPE.spaceId}, 'master', 'a-' || lpad(g::text, 6, '0'), 'article', f, f, 1, now() - g * interval '1 s'
    from (select g, jsonb_build_object('title', jsonb_build_object('en-US', 'Article ' || g), 'author', jsonb_build_object('en-US',
      jsonb_build_object('sys', jsonb_build_object('type', 'Link', 'linkType', 'Entry', 'id', 'person-' || (1 + g % ${PEOPLE}::int))))) as f
      from generate_series(${from}::int, ${to - 1}::int) as g) as s`.execute(open.db);
  await sql`insert into entry_links (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
    select ${SCOPE.spaceId}, 'master', 'a-' || lpad(g::text, 6, '0'), 'author', 'en-US', 0, 'Entry', 'person-' || (1 + g % ${PEOPLE}::int), 3
    from generate_series(${from}::int, ${to - 1}::int) as g`.execute(open.db);
}

/** p50 and p99 in ms of `READS` sequential reads after two warm-up reads. */
async function timed(read: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 2; i += 1) await read();
  const samples: number[] = [];
  for (let i = 0; i < READS; i += 1) {
    const started = performance.now();
    await read();
    samples.push(performance.now() - started);
  }
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) };
}

async function measureAt(open: OpenDatabase, label: string): Promise<void> {
  const search = searchRepository(open.db);
  const plain = await timed(() => search.entries(SCOPE, PAGE, { total: false }));
  const linked = await timed(async () => {
    const page = await search.entries(SCOPE, PAGE, { total: false, linkedEntriesOf: ['author'] });
    if (page.items.length !== 20 || (page.linkedEntries?.length ?? 0) === 0)
      throw new Error('the link read found no page or no links');
  });
  const ratio = linked.p50 / plain.p50;
  log(
    `  ${label.padEnd(34)}${fixed(plain.p50).padStart(9)}${fixed(plain.p99).padStart(9)}${fixed(linked.p50).padStart(9)}${fixed(linked.p99).padStart(9)}` +
      `${fixed(ratio, 2).padStart(8)}  ${verdict(ratio <= 2)}`,
  );
}

async function measureDatabase(kind: string, open: OpenDatabase): Promise<void> {
  await open.statistics?.stop();
  await migrate(open.db);
  await insertSpace(open);
  let written = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await insertArticles(open, written, size);
    written = size;
    log(
      `  (${kind}: ${size.toLocaleString('en-US')} articles written in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const { rows } = await sql<{
      n: number;
    }>`select reltuples::float8 as n from pg_class where relname = 'entry_links'`.execute(open.db);
    await measureAt(
      open,
      `${kind}, ${size.toLocaleString('en-US')}, ${rows[0]!.n < 0 ? 'never analyzed' : 'analyzed'}`,
    );
  }
  await sql`analyze`.execute(open.db);
  await measureAt(open, `${kind}, ${written.toLocaleString('en-US')}, after ANALYZE`);
}

export async function runLinkReadBench(): Promise<void> {
  log(`== Link read (issue 18): a page of 20 entries plus their linked entries, ${READS} sequential reads, ms ==`);
  log(
    `  ${'database, articles, statistics'.padEnd(34)}${'page p50'.padStart(9)}${'p99'.padStart(9)}${'+links'.padStart(9)}${'p99'.padStart(9)}${'ratio'.padStart(8)}  aim: p50 within 2x`,
  );
  const pglite = await openPGlite(undefined);
  try {
    await measureDatabase('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const database = await benchDatabase();
  if (!database) {
    log('  (no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    return;
  }
  const open = await openPostgres(database.url);
  try {
    await measureDatabase('PostgreSQL', open);
  } finally {
    await open.close();
    await database.drop();
  }
  log();
}
