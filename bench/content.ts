import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { insertArticles } from './article-rows.ts';
import { CONTENT_TYPE_HEADER, createPublished, prepareContentSpace } from './content-space.ts';
import { measureClone } from './environment-clone.ts';
import { measureEntryThroughput } from './entry-throughput.ts';
import { httpClient } from './http-client.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { checkLoadedArticle, checkSearchAnswer, SEARCH_QUERY } from './search-check.ts';
import { measureLatency, measureLatencyAfterWrites } from './search-latency.ts';
import { fixed, verdict } from './stats.ts';
import { measureUploadMemory } from './upload-memory.ts';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const THROUGHPUT_SECONDS = seconds('BENCH_SECONDS', 10);
const LATENCY_SECONDS = seconds('BENCH_LATENCY_SECONDS', 5);
const CLIENTS = 16;
const UPLOAD_MB = 500;
const AFTER_WRITE_SEARCHES = 100;
/** BENCH_CONTENT=throughput measures only the entry create + publish throughput (no search, clone or upload). */
const THROUGHPUT_ONLY = process.env.BENCH_CONTENT === 'throughput';

const log = (line = '') => console.log(line);
const elapsed = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/**
 * Issue 3's figures, on a fresh PostgreSQL database, rate limits off, the server in a child process: entry create +
 * publish throughput, the search of a 10,000- and a 100,000-entry space, cloning that environment, and the peak
 * memory of a 500 MB upload. Prints figures and aims; asserts only that the answers are right.
 */
export async function runContentBench(): Promise<void> {
  log('== Content (issue 3), PostgreSQL ==');
  const database = await benchDatabase();
  if (!database) {
    log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    return;
  }
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-files-'));
  const env = {
    TESSERA_ADMIN_TOKEN: TOKEN,
    TESSERA_RATE_LIMIT_PER_SECOND: '0',
    DATABASE_URL: database.url,
    TESSERA_FILES_DIR: filesDir,
  };
  const start = () => startChild({ script: SERVER_SCRIPT, readyPath: '/users/me', headers: AUTH, env });
  const db = new pg.Client({ connectionString: database.url });
  try {
    let server = await start();
    let client = httpClient(server.baseUrl, AUTH);
    await db.connect();
    log(`(${database.label})\n`);
    try {
      const writes = await prepareContentSpace(client, 'Throughput', 10);
      // Statistics after the warm-up, as autovacuum would gather them: a server with autovacuum off (as these machines'
      // is) plans every statement of the run without any, and some get slower as the tables grow. BENCH_ANALYZE=0: none.
      const analyze = process.env.BENCH_ANALYZE === '0' ? undefined : () => db.query('analyze');
      const t = await measureEntryThroughput(
        { url: server.baseUrl, headers: AUTH },
        writes,
        CLIENTS,
        THROUGHPUT_SECONDS,
        2,
        server.process.pid,
        new URL(database.url).pathname.slice(1),
        analyze,
      );
      log(
        `Entry create + publish, ${CLIENTS} clients, ${THROUGHPUT_SECONDS} s: ${fixed(t.entriesPerSecond, 0)} entries/s ` +
          `(aim >= 1000: ${verdict(t.entriesPerSecond >= 1000)}); POST + PUT published p50 ${fixed(t.p50)} ms, p99 ${fixed(t.p99)} ms; ` +
          `${t.entries} entries, ${t.failures} failed; CPU per entry: server ${fixed(t.cpuMsPerEntry.server, 2)} ms, ` +
          `PostgreSQL ${fixed(t.cpuMsPerEntry.postgres, 2)} ms (this database's backends and the shared background processes), ` +
          `this load generator ${fixed(t.cpuMsPerEntry.client, 2)} ms; at those costs ${os.cpus().length} fully used cores ` +
          `would give ${fixed((os.cpus().length * 1000) / (t.cpuMsPerEntry.server + t.cpuMsPerEntry.postgres + t.cpuMsPerEntry.client), 0)} entries/s\n`,
      );
      if (THROUGHPUT_ONLY) return;

      let phase = performance.now();
      const space = await prepareContentSpace(client, 'Search', 100);
      for (let i = 0; i < 50; i += 1) {
        await client.expectStatus(201, 'POST', `/spaces/${space.spaceId}/environments/master/assets`, {
          json: { fields: { title: { 'en-US': `Asset ${i}` } } },
        });
      }
      await createPublished(client, space.spaceId, 'article', {
        title: { 'en-US': 'Written through the API' },
        views: { 'en-US': 1 },
      });
      log(`Search space through the API (locales, tags, 2 content types, 101 entries, 50 assets): ${elapsed(phase)}`);
      log(`GET /spaces/{s}/environments/master/entries?${SEARCH_QUERY}, one client, ${LATENCY_SECONDS} s`);
      let loaded = 0;
      for (const size of [10_000, 100_000]) {
        phase = performance.now();
        await insertArticles(db, space, loaded, size);
        loaded = size;
        await checkLoadedArticle(client, space, size - 7);
        const total = await checkSearchAnswer(client, db, space.spaceId);
        const load = elapsed(phase);
        const l = await measureLatency(
          client,
          `/spaces/${space.spaceId}/environments/master/entries?${SEARCH_QUERY}`,
          LATENCY_SECONDS,
        );
        log(
          `  ${String(size).padStart(7)} articles: p50 ${fixed(l.p50, 2)} ms, p99 ${fixed(l.p99, 2)} ms over ${l.requests} requests ` +
            `(aim p50 < 10 ms: ${verdict(l.p50 < 10)}); total ${total} matches, checked against SQL; SQL load + VACUUM ANALYZE ${load}`,
        );
        // Totals are cached until the next write to the environment: the same search, each one right after a write.
        const written = await measureLatencyAfterWrites(
          client,
          `/spaces/${space.spaceId}/environments/master/entries?${SEARCH_QUERY}`,
          () =>
            client
              .expectStatus(201, 'POST', `/spaces/${space.spaceId}/environments/master/entries`, {
                json: { fields: { name: { 'en-US': 'Edit' } } },
                headers: { [CONTENT_TYPE_HEADER]: 'person' },
              })
              .then(() => undefined),
          AFTER_WRITE_SEARCHES,
        );
        log(
          `  ${' '.repeat(7)} right after a write (total counted afresh): p50 ${fixed(written.p50, 2)} ms, p99 ${fixed(written.p99, 2)} ms over ${written.requests} requests`,
        );
      }

      const clone = await measureClone(client, db, space.spaceId, 'bench-clone', 120);
      log(
        `\nClone master (${clone.entities} entities: entries, assets, content types, editor interfaces, locales, tags): ` +
          `${fixed(clone.seconds, 1)} s from PUT to ready, ${fixed(clone.entitiesPerSecond, 0)} entities/s (aim >= 20000: ${verdict(clone.entitiesPerSecond >= 20_000)})`,
      );
    } finally {
      client.close();
      await server.stop();
    }

    // A process of its own, so the peak is the upload's and not the searches'.
    server = await start();
    client = httpClient(server.baseUrl, AUTH);
    try {
      const uploads = await client.expectStatus(201, 'POST', '/spaces', { json: { name: 'Uploads' } });
      const u = await measureUploadMemory(client, server.process.pid!, uploads.sys.id, UPLOAD_MB);
      log(
        `Upload ${u.megabytes} MB: ${fixed(u.seconds, 1)} s (${fixed(u.megabytes / u.seconds, 0)} MB/s); server peak RSS during the upload ` +
          `${fixed(u.peakMb, 0)} MB (aim < 200 MB: ${verdict(u.peakMb < 200)}), ${fixed(u.baselineMb, 0)} MB just before: ` +
          `the upload adds ${fixed(u.peakMb - u.baselineMb, 0)} MB\n`,
      );
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    await db.end().catch(() => {});
    await database.drop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}
