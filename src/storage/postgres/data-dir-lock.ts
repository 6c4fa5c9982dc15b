import fs from 'node:fs';
import os from 'node:os';
import lockfile from 'proper-lockfile';

/** Who holds the lock: written into the lock directory right after taking it. */
interface Holder {
  pid: number;
  host: string;
}

/**
 * The file system proper-lockfile works with, except that removing a lock directory removes the holder record in
 * it too (its own removal of a stale lock, and of a held one when the process exits, is a bare `rmdir`).
 */
const lockFs = {
  ...fs,
  rmdir: (dir: string, callback: (error: NodeJS.ErrnoException | null) => void) =>
    fs.rm(dir, { recursive: true, force: true }, callback),
  rmdirSync: (dir: string) => fs.rmSync(dir, { recursive: true, force: true }),
};
const LOCK_OPTIONS = { stale: 10_000, update: 2_000, realpath: false, fs: lockFs } as const;
/** Lock directories this process holds (a second lock in the same process is refused, not taken over). */
const heldHere = new Set<string>();

const lockPathOf = (dir: string) => `${dir}/.tessera.lock`;
const holderPathOf = (dir: string) => `${lockPathOf(dir)}/holder.json`;

function readHolder(dir: string): Holder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(holderPathOf(dir), 'utf8')) as Partial<Holder>;
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? (holder as Holder) : undefined;
  } catch {
    return undefined; // none yet (its process is between taking the lock and writing it) or unreadable: live
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // another user's process: alive
  }
}

/**
 * Whether the lock's holder is known to be gone: it ran on this host and its process no longer exists, or it had
 * this process's id without being this process (a restarted container reuses its process ids). Anything else,
 * another host or no holder record, is left to the lock's staleness.
 */
function holderIsGone(dir: string): boolean {
  const holder = readHolder(dir);
  if (!holder || holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return !heldHere.has(lockPathOf(dir));
  return !isAlive(holder.pid);
}

/**
 * Records this process as the holder. proper-lockfile takes a change of the lock directory's mtime that it did not
 * make for another process's update (the lock is then compromised), so the mtime the new file gave it is put back.
 */
function writeHolder(dir: string): void {
  const { atime, mtime } = fs.statSync(lockPathOf(dir));
  fs.writeFileSync(holderPathOf(dir), JSON.stringify({ pid: process.pid, host: os.hostname() } satisfies Holder));
  fs.utimesSync(lockPathOf(dir), atime, mtime);
}

const inUse = (dir: string) =>
  new Error(
    `The data directory ${dir} is in use by another Tessera process. Stop it, or point TESSERA_DATA_DIR elsewhere.`,
  );

const lockOnce = (dir: string) => lockfile.lock(dir, { ...LOCK_OPTIONS, lockfilePath: lockPathOf(dir) });

/**
 * Removes the lock of a holder that is gone and takes it, under a second lock so that two starting processes do
 * not both take over: the second one finds the first as a live holder.
 */
async function takeOver(dir: string): Promise<() => Promise<void>> {
  let releaseTakeover: () => Promise<void>;
  try {
    // A file of its own: proper-lockfile keeps one lock per file, so the data directory itself cannot be it.
    releaseTakeover = await lockfile.lock(`${dir}/.tessera.takeover`, {
      ...LOCK_OPTIONS,
      lockfilePath: `${dir}/.tessera.takeover.lock`,
    });
  } catch {
    throw inUse(dir);
  }
  try {
    if (!holderIsGone(dir)) throw inUse(dir);
    fs.rmSync(lockPathOf(dir), { recursive: true, force: true });
    return await lockOnce(dir);
  } finally {
    await releaseTakeover();
  }
}

/**
 * Two processes on one PGlite directory silently lose writes, so the server holds an exclusive lock on it
 * (proper-lockfile: refreshed while the process lives, stale 10 s after it stops refreshing). The lock records its
 * holder's process id and host name, so that after a crash the next start takes it over at once instead of
 * waiting for it to go stale; a live holder still keeps every other process out.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockOnce(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (!holderIsGone(dir)) throw inUse(dir);
    release = await takeOver(dir).catch((failure: NodeJS.ErrnoException) => {
      throw failure.code === 'ELOCKED' ? inUse(dir) : failure;
    });
  }
  const lockPath = lockPathOf(dir);
  heldHere.add(lockPath);
  writeHolder(dir);
  return async () => {
    heldHere.delete(lockPath);
    await release();
  };
}
