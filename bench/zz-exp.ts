import pg from 'pg';
import { insertArticles } from './article-rows.ts';
import { prepareContentSpace } from './content-space.ts';
import { httpClient } from './http-client.ts';
import { startChild } from './processes.ts';
import { measureLatency } from './search-latency.ts';

const TOKEN = 'bench-admin-token-0123456789abcdef';
const name = process.env.DB ?? 'tessera_exp';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
if (process.env.FRESH) { await admin.query(`drop database if exists ${name} with (force)`); await admin.query(`create database ${name}`); }
await admin.end();
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const server = await startChild({ script: 'src/main.ts', readyPath: '/users/me', headers: { Authorization: `Bearer ${TOKEN}` },
  env: { TESSERA_ADMIN_TOKEN: TOKEN, TESSERA_RATE_LIMIT_PER_SECOND: '0', DATABASE_URL: url, TESSERA_FILES_DIR: '/tmp/exp/files' } });
const client = httpClient(server.baseUrl, { Authorization: `Bearer ${TOKEN}` });
const db = new pg.Client({ connectionString: url }); await db.connect();
try {
  let spaceId = process.env.SPACE;
  if (!spaceId) {
    const space = await prepareContentSpace(client, 'Exp', 100);
    spaceId = space.spaceId;
    console.log('space', spaceId);
    let t = performance.now();
    await insertArticles(db, space, 0, 10_000);
    console.log('load 10k', performance.now() - t);
    const q = `/spaces/${spaceId}/environments/master/entries?content_type=article&fields.views[gt]=500&order=-fields.publishedAt&limit=20`;
    console.log('10k', await measureLatency(client, q, 3, 20));
    t = performance.now();
    await insertArticles(db, space, 10_000, 100_000);
    console.log('load 90k', performance.now() - t);
  }
  const q = `/spaces/${spaceId}/environments/master/entries?content_type=article&fields.views[gt]=500&order=-fields.publishedAt&limit=20`;
  console.log('100k', await measureLatency(client, q, 3, 20));
} finally { await db.end(); client.close(); await server.stop(); }
