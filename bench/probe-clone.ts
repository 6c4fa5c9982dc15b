// temporary probe (not committed): times the statements of an environment clone of 100k articles
import pg from 'pg';
import { createTessera } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { insertArticles } from './article-rows.ts';
import { prepareContentSpace } from './content-space.ts';
import { measureClone } from './environment-clone.ts';
import { httpClient } from './http-client.ts';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const fresh = process.argv[2] !== 'reuse';
const url = 'postgres://postgres@127.0.0.1:5432/cloneprobe';
if (fresh) {
  await admin.query('drop database if exists cloneprobe');
  await admin.query('create database cloneprobe');
}
const TOKEN = 'bench-admin-token-0123456789abcdef';
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TESSERA_ADMIN_TOKEN: TOKEN, DATABASE_URL: url, TESSERA_RATE_LIMIT_PER_SECOND: '0' });
const t = await createTessera(config);
const { port } = await t.listen(0, '127.0.0.1');
const client = httpClient(`http://127.0.0.1:${port}`, { Authorization: `Bearer ${TOKEN}` });
const db = new pg.Client({ connectionString: url });
await db.connect();
let spaceId: string;
if (fresh) {
  const space = await prepareContentSpace(client, 'Search', 100);
  await insertArticles(db, space, 0, 100_000);
  await db.query('vacuum analyze');
  spaceId = space.spaceId;
} else {
  spaceId = (await db.query(`select id from spaces order by created_at desc limit 1`)).rows[0].id;
}
await admin.query(`alter database cloneprobe set log_min_duration_statement = 20`);
const env = `c${Date.now()}`;
const figures = await measureClone(client, db, spaceId, env, 300);
console.log(JSON.stringify(figures));
await admin.query(`alter database cloneprobe reset log_min_duration_statement`);
await db.end(); client.close(); await t.close(); await admin.end();
