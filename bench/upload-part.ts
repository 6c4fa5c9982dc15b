import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpClient } from './http-client.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { measureUploadMemory, memoryOf } from './upload-memory.ts';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);

/**
 * `BENCH_PARTS=upload`: only the 500 MB upload of the content part, on PostgreSQL, in a fresh server process: the
 * idle RSS once it answers, and the peak during the upload. BENCH_SCRIPT picks the entry point (default
 * the compiled dist/main.js, as `npm start` runs it).
 */
export async function runUploadBench(): Promise<void> {
  console.log('== Upload memory (issue 3), PostgreSQL ==');
  const database = await benchDatabase();
  if (!database) {
    console.log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    return;
  }
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-files-'));
  try {
    const server = await startChild({
      script: SERVER_SCRIPT,
      readyPath: '/users/me',
      headers: AUTH,
      env: {
        TESSERA_ADMIN_TOKEN: TOKEN,
        TESSERA_RATE_LIMIT_PER_SECOND: '0',
        DATABASE_URL: database.url,
        TESSERA_FILES_DIR: filesDir,
      },
    });
    const client = httpClient(server.baseUrl, AUTH);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      console.log(`Idle RSS 2 s after the first answer: ${memoryOf(server.process.pid!).rss.toFixed(0)} MB`);
      const uploads = await client.expectStatus(201, 'POST', '/spaces', { json: { name: 'Uploads' } });
      const u = await measureUploadMemory(client, server.process.pid!, uploads.sys.id, UPLOAD_MB);
      console.log(
        `Upload ${u.megabytes} MB: ${u.seconds.toFixed(1)} s; peak RSS ${u.peakMb.toFixed(0)} MB (aim < 200 MB: ${u.peakMb < 200 ? 'met' : 'NOT met'}), ` +
          `${u.baselineMb.toFixed(0)} MB just before: the upload adds ${(u.peakMb - u.baselineMb).toFixed(0)} MB\n`,
      );
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(filesDir, { recursive: true, force: true });
    await database.drop();
  }
}
