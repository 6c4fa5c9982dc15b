import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds of one process (or, with its task path, one thread) so far (0 when gone or without /proc). */
function processCpuMs(pid: number | string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
  } catch {
    return 0;
  }
}

/**
 * A backend's title is `postgres: <cluster>: <user> <database> <client> <state>`, an autovacuum worker's names its
 * database too; the other background processes (WAL writer, checkpointer...) serve every database.
 */
function servesOthers(pid: string, database: string): boolean {
  const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  const connected = /\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]|autovacuum worker/.test(title);
  return connected && !title.split(/\s+/).includes(database);
}

/**
 * CPU milliseconds of every PostgreSQL server process on this machine (postmaster, backends, background workers);
 * with `database`, without the backends of other databases (other work on a shared server).
 */
function postgresCpuMs(database?: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (database && servesOthers(name, database)) continue;
      byPid.set(Number(name), processCpuMs(Number(name)));
    } catch {
      /* exited meanwhile */
    }
  }
  return byPid;
}

export interface CpuSample {
  server: number;
  postgres: Map<number, number>;
}

/**
 * CPU milliseconds used between two samples. PostgreSQL's are summed per process: one that exited meanwhile (an
 * autovacuum worker, a pool connection closed when idle) is left out rather than taken away from the others.
 */
export function cpuBetween(before: CpuSample, after: CpuSample): { server: number; postgres: number } {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return { server: after.server - before.server, postgres };
}

/**
 * The CPU the server process and PostgreSQL have used so far; the difference of two samples spans a run. With
 * `database`, PostgreSQL's backends of other databases are left out (a backend that exits between two samples
 * is lost: keep the pool's connections open across the run).
 */
export function sampleCpu(serverPid: number | undefined, database?: string): CpuSample {
  return { server: serverPid ? processCpuMs(serverPid) : 0, postgres: postgresCpuMs(database) };
}

/** CPU milliseconds of each thread of a process so far, by thread id (the main thread's id is the process's). */
export function threadCpuMs(pid: number): Map<number, number> {
  const byThread = new Map<number, number>();
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`))
      byThread.set(Number(tid), processCpuMs(`${pid}/task/${tid}`));
  } catch {
    /* gone, or no /proc */
  }
  return byThread;
}
