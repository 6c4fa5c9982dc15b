import type { HttpClient } from './http-client.ts';
import { quantile } from './stats.ts';

export interface LatencyFigures {
  p50: number;
  p99: number;
  requests: number;
  total: number;
}

/**
 * Latency of one GET, one request at a time over a kept-alive connection: a short warm-up, then requests until
 * `seconds` have passed (at least `minRequests`). `total` is the answer's `total`, to show the count is exact.
 */
export async function measureLatency(
  client: HttpClient,
  path: string,
  seconds: number,
  minRequests = 200,
): Promise<LatencyFigures> {
  let total = Number.NaN;
  for (let i = 0; i < 20; i += 1) total = (await client.expectStatus(200, 'GET', path)).total;
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end || samples.length < minRequests) {
    const started = performance.now();
    const reply = await client.request('GET', path);
    samples.push(performance.now() - started);
    if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${reply.text.slice(0, 300)}`);
  }
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), requests: samples.length, total };
}

/**
 * Latency of the same GET when every request follows a write to the environment (`write`, not timed), so nothing
 * derived from its content is cached: what the first search after an edit costs.
 */
export async function measureLatencyAfterWrites(
  client: HttpClient,
  path: string,
  write: () => Promise<void>,
  requests: number,
): Promise<LatencyFigures> {
  let total = Number.NaN;
  const samples: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    await write();
    const started = performance.now();
    const reply = await client.request('GET', path);
    samples.push(performance.now() - started);
    if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${reply.text.slice(0, 300)}`);
    total = reply.body.total;
  }
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), requests: samples.length, total };
}
