import autocannon, { type Result } from 'autocannon';
import { cpuBetween, sampleCpu } from './cpu-time.ts';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
  /** CPU milliseconds per request of the server process and of PostgreSQL (all its processes), when `serverPid` was given. */
  cpuMsPerRequest?: { server: number; postgres: number };
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The server's process id: its CPU time and PostgreSQL's over the measured run are reported per request. */
  serverPid?: number;
}

/** A short discarded warm-up (JIT, caches, pool connections), then the measured run. */
export async function measure(options: LoadOptions): Promise<LoadFigures> {
  const base = { url: options.url, headers: options.headers, connections: options.connections };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const before = options.serverPid ? sampleCpu(options.serverPid) : undefined;
  const result: Result = await autocannon({ ...base, duration: options.seconds });
  const after = options.serverPid ? sampleCpu(options.serverPid) : undefined;
  const perRequest = (used: number) => used / Math.max(result.requests.total, 1);
  return {
    ...(before && after
      ? {
          cpuMsPerRequest: {
            server: perRequest(cpuBetween(before, after).server),
            postgres: perRequest(cpuBetween(before, after).postgres),
          },
        }
      : {}),
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
