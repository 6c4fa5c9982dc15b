import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, spawnServer, type ServerProcess } from './support/processes.ts';

/** After a crash the embedded database starts again at once: a service manager's first restart succeeds. */
describe('embedded database after a crash', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-crash-'));
  const token = 'crash-restart-token-0123456789';
  const env = { TESSERA_DATA_DIR: dataDir, TESSERA_ADMIN_TOKEN: token };
  const running: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on the first try right after the previous process was killed, and a live one still blocks', async () => {
    const first = await spawnServer({ env });
    running.push(first);
    const space = await call(first.baseUrl, 'POST', '/spaces', token, { body: { name: 'Survives a crash' } });
    expect(space.status).toBe(201);

    first.child.kill('SIGKILL');
    await first.exited;
    // No wait for the lock to go stale (10 s): the dead holder's process id frees it.
    const restarted = await spawnServer({ env, timeoutMs: 30_000 });
    running.push(restarted);
    expect((await call(restarted.baseUrl, 'GET', `/spaces/${space.body.sys.id}`, token)).body.name).toBe(
      'Survives a crash',
    );

    const second = await spawnServer({ env, waitUntilReady: false });
    expect(await second.exited).not.toBe(0);
    expect(second.stderr()).toContain('is in use by another Tessera process');
    expect(await restarted.stop()).toBe(0);
  }, 120_000);
});
