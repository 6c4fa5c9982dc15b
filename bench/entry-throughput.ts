import { CONTENT_TYPE_HEADER, VERSION_HEADER, type ContentSpace } from './content-space.ts';
import type { HttpClient } from './http-client.ts';
import { sampleCpu } from './cpu-time.ts';
import { quantile } from './stats.ts';

export interface ThroughputFigures {
  entriesPerSecond: number; p50: number; p99: number; entries: number; failures: number;
  /**
   * CPU milliseconds per created + published entry over the measured run: of the server process, of PostgreSQL, and
   * of this load generator (which shares the machine).
   */
  cpuMsPerEntry: { server: number; postgres: number; client: number };
}

/** The fields of article n, as a client would send them. */
export function articleFields(n: number, authorId: string): Record<string, unknown> {
  return {
    title: { 'en-US': `Article ${n}` }, slug: { 'en-US': `article-${n}` }, views: { 'en-US': n % 1000 },
    publishedAt: { 'en-US': new Date(Date.UTC(2023, 0, 1) + (n % 730) * 86_400_000).toISOString() },
    body: { 'en-US': `The body of article ${n}, a few words long so that the row has some weight.` },
    featured: { 'en-US': n % 3 === 0 }, author: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: authorId } } },
  };
}

/**
 * `clients` concurrent clients, each looping: POST an entry, then PUT .../published with the version it got. A
 * warm-up (discarded), then `seconds` measured; a pair counts when both answered 2xx. The latency is the pair's.
 */
export async function measureEntryThroughput(
  client: HttpClient, space: ContentSpace, clients: number, seconds: number, warmupSeconds: number, serverPid: number | undefined,
  database?: string, afterWarmup?: () => Promise<unknown>,
): Promise<ThroughputFigures> {
  const entries = `/spaces/${space.spaceId}/environments/master/entries`;
  let n = 0;
  async function pair(): Promise<boolean> {
    const i = (n += 1);
    const made = await client.request('POST', entries, { json: { fields: articleFields(i, space.personIds[i % space.personIds.length]!) }, headers: { [CONTENT_TYPE_HEADER]: 'article' } });
    if (made.status !== 201) return false;
    const published = await client.request('PUT', `${entries}/${made.body.sys.id}/published`, { headers: { [VERSION_HEADER]: String(made.body.sys.version) } });
    return published.status === 200;
  }
  async function run(untilMs: number, samples: number[] | undefined): Promise<number> {
    let failures = 0;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < untilMs) {
        const started = performance.now();
        if (await pair()) samples?.push(performance.now() - started);
        else failures += 1;
      }
    }));
    return failures;
  }
  await run(performance.now() + warmupSeconds * 1000, undefined);
  await afterWarmup?.();
  const samples: number[] = [];
  const before = sampleCpu(serverPid, database);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const failures = await run(started + seconds * 1000, samples);
  const elapsed = (performance.now() - started) / 1000;
  const after = sampleCpu(serverPid, database);
  const generator = process.cpuUsage(clientBefore);
  const perEntry = (used: number) => used / Math.max(samples.length, 1);
  return {
    entriesPerSecond: samples.length / elapsed, p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), entries: samples.length, failures,
    cpuMsPerEntry: {
      server: perEntry(after.server - before.server), postgres: perEntry(after.postgres - before.postgres),
      client: perEntry((generator.user + generator.system) / 1000),
    },
  };
}
