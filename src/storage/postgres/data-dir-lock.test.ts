import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-lock-'));
  dirs.push(dir);
  return dir;
};

/** Another process that takes the lock of `dir`, says so, and keeps it until it is killed. */
async function holderProcess(dir: string): Promise<ChildProcess> {
  const script = `import(${JSON.stringify(LOCK_MODULE)}).then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); }, (e) => { console.error(e.message); process.exit(1); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${err}`)));
  });
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('data directory lock', () => {
  it('is taken over at once when the process holding it was killed', async () => {
    const dir = freshDir();
    const holder = await holderProcess(dir);
    await expect(lockDataDir(dir), 'a live holder blocks').rejects.toThrow(/in use by another Tessera process/);
    await killed(holder);
    // Well inside the lock's 10 s staleness: only the dead holder's process id can tell it is free.
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir), 'and the new holder blocks in turn').rejects.toThrow(
      /in use by another Tessera process/,
    );
    await release();
    await (
      await lockDataDir(dir)
    )();
  }, 60_000);

  it('keeps a live holder in another process, and refuses a second lock in the same process', async () => {
    const dir = freshDir();
    const holder = await holderProcess(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another Tessera process/);
    // Past the holder's first refresh of the lock (every 2 s), which would find the lock compromised had the holder
    // record changed the directory's mtime under it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another Tessera process/);
    expect(holder.exitCode).toBeNull();

    const other = freshDir();
    const release = await lockDataDir(other);
    await expect(lockDataDir(other)).rejects.toThrow(/in use by another Tessera process/);
    await release();
  }, 60_000);

  it('leaves a lock whose holder ran on another host to its staleness', async () => {
    const dir = freshDir();
    const release = await lockDataDir(dir);
    const lockPath = path.join(dir, '.tessera.lock');
    const { atime, mtime } = fs.statSync(lockPath);
    fs.writeFileSync(
      path.join(lockPath, 'holder.json'),
      JSON.stringify({ pid: 999_999_999, host: `not-${os.hostname()}` }),
    );
    fs.utimesSync(lockPath, atime, mtime);
    expect(await tryFromAnotherProcess(dir)).toMatch(/in use by another Tessera process/);
    await release();
    expect(await tryFromAnotherProcess(dir)).toMatch(/^locked/);
  }, 60_000);
});

/** Tries to take the lock from a second process, and returns what it printed. */
async function tryFromAnotherProcess(dir: string): Promise<string> {
  const script = `import(${JSON.stringify(LOCK_MODULE)}).then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => console.log('locked'), (e) => console.log(e.message));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return out;
}
