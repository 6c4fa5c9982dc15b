import autocannon from 'autocannon';
import { CONTENT_TYPE_HEADER, VERSION_HEADER, type ContentSpace } from './content-space.ts';
import { cpuBetween, sampleCpu } from './cpu-time.ts';
import { quantile } from './stats.ts';

export interface ThroughputFigures {
  entriesPerSecond: number;
  p50: number;
  p99: number;
  entries: number;
  failures: number;
  /**
   * CPU milliseconds per created + published entry over the measured run: of the server process, of PostgreSQL, and
   * of this load generator (which shares the machine).
   */
  cpuMsPerEntry: { server: number; postgres: number; client: number };
}

/** The fields of article n, as a client would send them. */
export function articleFields(n: number, authorId: string): Record<string, unknown> {
  return {
    title: { 'en-US': `Article ${n}` },
    slug: { 'en-US': `article-${n}` },
    views: { 'en-US': n % 1000 },
    publishedAt: { 'en-US': new Date(Date.UTC(2023, 0, 1) + (n % 730) * 86_400_000).toISOString() },
    body: { 'en-US': `The body of article ${n}, a few words long so that the row has some weight.` },
    featured: { 'en-US': n % 3 === 0 },
    author: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: authorId } } },
  };
}

/**
 * `clients` concurrent clients, each looping: POST an entry, then PUT .../published with the version it got. A
 * warm-up (discarded), then `seconds` measured; a pair counts when both answered 2xx. The latency is the pair's.
 * The clients are autocannon connections (one request in flight each, the PUT built from the POST's answer): its
 * client costs a fraction of node:http's per request, and it shares the machine with the server it measures.
 */
export async function measureEntryThroughput(
  target: { url: string; headers: Record<string, string> },
  space: ContentSpace,
  clients: number,
  seconds: number,
  warmupSeconds: number,
  serverPid: number | undefined,
  database?: string,
  afterWarmup?: () => Promise<unknown>,
): Promise<ThroughputFigures> {
  const entries = `/spaces/${space.spaceId}/environments/master/entries`;
  let n = 0;
  interface Pair {
    started: number;
    id?: string;
    version?: number;
  }
  function run(duration: number, samples: number[] | undefined): Promise<{ failures: number }> {
    let failures = 0;
    const requests = [
      {
        method: 'POST',
        path: entries,
        setupRequest: (request: Record<string, unknown>, pair: Pair) => {
          const i = (n += 1);
          pair.started = performance.now();
          return {
            ...request,
            body: JSON.stringify({ fields: articleFields(i, space.personIds[i % space.personIds.length]!) }),
          };
        },
        onResponse: (status: number, body: string, pair: Pair) => {
          if (status !== 201) {
            failures += 1;
            return;
          }
          const sys = JSON.parse(body).sys;
          pair.id = sys.id;
          pair.version = sys.version;
        },
      },
      {
        method: 'PUT',
        // Without the POST's answer there is nothing to publish: the client starts its next pair.
        setupRequest: (request: Record<string, unknown>, pair: Pair) =>
          pair.id === undefined
            ? undefined
            : {
                ...request,
                path: `${entries}/${pair.id}/published`,
                headers: { ...target.headers, [VERSION_HEADER]: String(pair.version) },
              },
        onResponse: (status: number, _body: string, pair: Pair) => {
          if (status === 200) samples?.push(performance.now() - pair.started);
          else failures += 1;
        },
      },
    ];
    return autocannon({
      url: target.url,
      connections: clients,
      duration,
      headers: {
        ...target.headers,
        'Content-Type': 'application/vnd.service.management.v1+json',
        [CONTENT_TYPE_HEADER]: 'article',
      },
      requests,
    }).then(() => ({ failures }));
  }
  await run(warmupSeconds, undefined);
  await afterWarmup?.();
  const samples: number[] = [];
  const before = sampleCpu(serverPid, database);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const { failures } = await run(seconds, samples);
  const elapsed = (performance.now() - started) / 1000;
  const after = sampleCpu(serverPid, database);
  const generator = process.cpuUsage(clientBefore);
  const perEntry = (used: number) => used / Math.max(samples.length, 1);
  return {
    entriesPerSecond: samples.length / elapsed,
    p50: quantile(samples, 0.5),
    p99: quantile(samples, 0.99),
    entries: samples.length,
    failures,
    cpuMsPerEntry: {
      server: perEntry(cpuBetween(before, after).server),
      postgres: perEntry(cpuBetween(before, after).postgres),
      client: perEntry((generator.user + generator.system) / 1000),
    },
  };
}
