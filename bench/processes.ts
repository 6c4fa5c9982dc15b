import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export { freePort } from '../contract-tests/support/processes.ts';
import { freePort } from '../contract-tests/support/processes.ts';

/**
 * The server entry point the bench runs: by default the compiled `dist/main.js`, as `npm start` runs it (built once
 * per bench run by `buildServer`); `BENCH_SCRIPT=src/main.ts` runs the sources under tsx instead.
 */
/** The admin token every bench server is started with, and the header that presents it. */
export const TOKEN = 'bench-admin-token-0123456789abcdef';
export const AUTH = { Authorization: `Bearer ${TOKEN}` };

export const SERVER_SCRIPT = process.env.BENCH_SCRIPT ?? 'dist/main.js';

/**
 * The tree whose server the parts start: this one, or a baseline commit's (`BENCH_BASELINE`) checked out beside it.
 * Parts name `SERVER_SCRIPT`; `startChild` runs it in this tree.
 */
let serverTree = ROOT;

/** Runs `work` with the servers of the tree at `root` (a checkout built by `buildServer(root)`). */
export async function withServerTree<T>(root: string, work: () => Promise<T>): Promise<T> {
  const previous = serverTree;
  serverTree = root;
  try {
    return await work();
  } finally {
    serverTree = previous;
  }
}

/** Compiles the server as `npm start` does, when the bench runs the compiled entry point. */
export function buildServer(root = ROOT): void {
  if (!SERVER_SCRIPT.startsWith('dist/')) return;
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
}

export interface Child {
  readonly baseUrl: string;
  readonly process: ChildProcess;
  /** Milliseconds from spawn until `ready` answered 200. */
  readonly readyAfterMs: number;
  stop(): Promise<number | null>;
}

export interface ChildOptions {
  script: string;
  env: Record<string, string>;
  /** Path polled until it answers 200, with these headers. */
  readyPath: string;
  headers?: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
}

/** Spawns `node [--import tsx] script` (tsx for .ts scripts) on a free port and times it until `readyPath` answers 200. */
export async function startChild(options: ChildOptions): Promise<Child> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // A compiled script (`npm run build` -> dist/main.js) runs without tsx, as `npm start` runs it.
  const loader = options.script.endsWith('.js') ? [] : ['--import', 'tsx'];
  // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the servers the bench starts.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, ...(options.nodeArgs ?? []), ...loader, options.script], {
    cwd: options.script === SERVER_SCRIPT ? serverTree : ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.script} exited with ${child.exitCode}:\n${stderr}`);
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`, { headers: options.headers });
      await response.arrayBuffer();
      if (response.status === 200) return { baseUrl, process: child, readyAfterMs: performance.now() - started, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stop();
  throw new Error(`${options.script} did not answer ${options.readyPath} in time:\n${stderr}`);
}
