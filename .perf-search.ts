import { sql } from 'kysely';
import { migrate, openPostgres } from './src/storage/postgres/index.ts';
import { compileSearch } from './src/storage/postgres/search/search-repository.ts';
import { parseRestSearch } from './src/domain/search/rest-parameters.ts';
import { parseQueryString } from './src/domain/search/rest-query-string.ts';
import pg from 'pg';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('drop database if exists tessera_perf_search with (force)');
await admin.query('create database tessera_perf_search');
await admin.end();
const open = await openPostgres('postgres://postgres@127.0.0.1:5432/tessera_perf_search');
await migrate(open.db);
const db = open.db;
await sql`insert into organizations (id, name) values ('o', 'o')`.execute(db);
await sql`insert into spaces (id, organization_id, name) values ('s', 'o', 's')`.execute(db);
await sql`insert into environments (space_id, id, name, status) values ('s', 'master', 'master', 'ready')`.execute(db);
const fields = [{ id: 'title', type: 'Symbol', localized: false }, { id: 'views', type: 'Integer', localized: false }, { id: 'publishedAt', type: 'Date', localized: false }]
  .map((f) => ({ ...f, name: f.id, required: false, disabled: false, omitted: false, validations: [] }));
const def = { name: 'article', description: null, displayField: 'title', fields };
await sql`insert into content_types (space_id, environment_id, id, name, fields, published) values ('s', 'master', 'article', 'article', ${JSON.stringify(fields)}::jsonb, ${JSON.stringify(def)}::jsonb)`.execute(db);
const N = Number(process.argv[2] ?? 100000);
await sql`insert into entries (space_id, environment_id, id, content_type_id, fields)
  select 's', 'master', 'e' || g, 'article', jsonb_build_object('title', jsonb_build_object('en-US', 'Title ' || g), 'views', jsonb_build_object('en-US', (g * 7919) % 1000),
    'publishedAt', jsonb_build_object('en-US', to_char(timestamp '2020-01-01' + (g || ' minutes')::interval, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
  from generate_series(1, ${N}::int) g`.execute(db);
await sql`analyze entries`.execute(db);
const { parameters } = parseQueryString('content_type=article&fields.views[gt]=500&order=-fields.publishedAt&limit=20');
const query = parseRestSearch(parameters, { target: 'Entry', state: 'draft' }, { target: 'Entry', defaultLocale: 'en-US', contentTypes: new Map([['article', def as never]]) });
const { table, where, order } = compileSearch(query);
const scope = { spaceId: 's', environmentId: 'master' };
const stmt = sql`select r.* from ${sql.table(table)} as r where ${where(scope)} order by ${order} offset 0 limit 20`;
console.log(stmt.compile(db).sql);
const plan = await sql`explain analyze ${stmt}`.execute(db);
console.log(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
const times: number[] = [];
for (let i = 0; i < 30; i++) { const t = performance.now(); await stmt.execute(db); await sql`select count(*) from ${sql.table(table)} as r where ${where(scope)}`.execute(db); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log('p50 page+count ms', times[15].toFixed(1), 'p90', times[27].toFixed(1));
await open.close();
