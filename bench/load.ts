import autocannon, { type Result } from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/** A short discarded warm-up (JIT, caches, pool connections), then the measured run. */
export async function measure(options: LoadOptions): Promise<LoadFigures> {
  const base = { url: options.url, headers: options.headers, connections: options.connections };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const result: Result = await autocannon({ ...base, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
