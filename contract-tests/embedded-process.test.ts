import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, spawnServer, waitForOutput, type ServerProcess } from './support/processes.ts';

/** The embedded database as `npm start` runs it: one process per data directory, and data that survives a restart. */
describe('embedded database in a real server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-embedded-'));
  const env = { TESSERA_DATA_DIR: dataDir, TESSERA_ADMIN_TOKEN: '' };
  const running: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a generated token once, refuses a second process on the same directory, stops cleanly and keeps the data', async () => {
    const first = await spawnServer({ env });
    running.push(first);
    const token = (await waitForOutput(first, /Personal access token[^\n]*\n\s*\n\s*(\S+)/))[1];
    const space = await call(first.baseUrl, 'POST', '/spaces', token, { body: { name: 'Survives restarts' } });
    expect(space.status).toBe(201);

    const second = await spawnServer({ env, waitUntilReady: false });
    expect(await second.exited).not.toBe(0);
    expect(second.stderr()).toContain(`The data directory ${dataDir} is in use by another Tessera process`);
    expect((await fetch(`${first.baseUrl}/healthz`)).status, 'the first process is unharmed').toBe(200);

    expect(await first.stop(), 'SIGTERM is a clean shutdown').toBe(0);

    const restarted = await spawnServer({ env });
    running.push(restarted);
    expect(restarted.stdout(), 'no second token on a restart').not.toContain('Personal access token');
    expect((await call(restarted.baseUrl, 'GET', '/users/me', token)).status).toBe(200);
    const again = await call(restarted.baseUrl, 'GET', `/spaces/${space.body.sys.id}`, token);
    expect(again.status).toBe(200);
    expect(again.body.name).toBe('Survives restarts');
    expect(await restarted.stop()).toBe(0);
  }, 120_000);
});
