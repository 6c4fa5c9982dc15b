import { sql } from 'kysely';
import { openPostgres } from './src/storage/postgres/index.ts';
const open = await openPostgres('postgres://postgres@127.0.0.1:5432/tessera_perf_search');
const db = open.db;
await sql`set max_parallel_workers_per_gather = 0`.execute(db);
const ISO = String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-5]):?[0-5]\d)?)?$`;
const t = sql`(fields -> 'publishedAt' ->> 'en-US')`;
const instant = (t: any) => sql`(case when ${t} ~ ${sql.lit(ISO)} then case when ${t} ~ ${sql.lit('T.*(Z|[+-]\\d\\d:?\\d\\d)$')} then (${t})::timestamptz else (${t})::timestamp at time zone 'UTC' end end)`;
const filters: Record<string, any> = {
  simple: sql`((fields->'views'->>'en-US')::numeric > 500)`,
  guarded: sql`coalesce((case when jsonb_typeof(fields->'views'->'en-US') = 'number' then (fields->'views'->'en-US')::numeric end) > 500, false)`,
};
const SIMPLE = String.raw`^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d(:?\d\d)?)?)?$`;
const instant2 = (t: any) => sql`(case when ${t} ~ ${sql.lit(SIMPLE)} then case when ${t} ~ ${sql.lit('T.*[Z+-]')} then (${t})::timestamptz else (${t})::timestamp at time zone 'UTC' end end)`;
const instant3 = (t: any) => sql`(case when ${t} ~ ${sql.lit(SIMPLE)} then case when length(${t}) > 16 and substr(${t}, 17) ~ '[Z+-]' then (${t})::timestamptz else (${t})::timestamp at time zone 'UTC' end end)`;
const prefix = (t: any) => sql`(case when ${t} ~ '^\d{4}-\d\d-\d\d' then case when length(${t}) > 16 and substr(${t}, 17) ~ '[Z+-]' then (${t})::timestamptz else (${t})::timestamp at time zone 'UTC' end end)`;
const tr = (t: any) => sql`(case when left(translate(${t}, '0123456789', '0000000000'), 10) = '0000-00-00' then case when strpos(substr(${t}, 17), 'Z') + strpos(substr(${t}, 17), '+') + strpos(substr(${t}, 17), '-') > 0 then (${t})::timestamptz else (${t})::timestamp at time zone 'UTC' end end)`;
const orders: Record<string, any> = { prefix: prefix(t), translate: tr(t), 

  none: sql`id`,
  cast: sql`(${t})::timestamptz`,
  instant: instant(t),
  _instantTypeof: instant(sql`(case when jsonb_typeof(fields->'publishedAt'->'en-US') = 'string' then fields->'publishedAt'->>'en-US' end)`),
};
for (const [fn, f] of Object.entries(filters).slice(0, 1)) for (const [on, o] of Object.entries(orders)) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await sql`select id from entries where space_id = 's' and environment_id = 'master' and content_type_id = 'article' and ${f} order by ${o} desc nulls last, id limit 20`.execute(db);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(fn, on, times[2]!.toFixed(1), 'ms');
}
const t0 = performance.now();
await sql`select count(*) from entries where space_id = 's' and environment_id = 'master' and content_type_id = 'article'`.execute(db);
console.log('count all', (performance.now() - t0).toFixed(1));
await open.close();
