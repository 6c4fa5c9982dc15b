import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fragmentBomb } from '../contract-tests/graphql/fragment-bomb.ts';
import { httpClient, type HttpClient } from './http-client.ts';
import { AUTH, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { fixed, quantile, verdict } from './stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The bomb was 868 bytes: the most levels whose text fits in that. */
const LEVELS = Array.from({ length: 40 }, (_, i) => 40 - i).find((n) => Buffer.byteLength(fragmentBomb(n)) <= 868)!;
const BOMB = fragmentBomb(LEVELS);

const log = (line = '') => console.log(line);

interface Latency {
  p50: number;
  p99: number;
  requests: number;
}

/** One client asking `GET /users/me` one request at a time for `seconds`: the time the server takes to answer. */
async function usersMeLatency(client: HttpClient, seconds: number): Promise<Latency> {
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await client.expectStatus(200, 'GET', '/users/me');
    samples.push(performance.now() - started);
  }
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), requests: samples.length };
}

/** A client sending `query` back to back until `stop()`: how many were answered, and with which statuses. */
function queryLoop(baseUrl: string, spaceId: string, token: string, query: string) {
  let running = true;
  const statuses = new Map<number, number>();
  const client = httpClient(baseUrl, { Authorization: `Bearer ${token}` });
  const loop = (async () => {
    while (running) {
      const reply = await client.request('POST', `/content/v1/spaces/${spaceId}`, {
        json: { query },
        headers: { 'Content-Type': 'application/json' },
      });
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      client.close();
      return statuses;
    },
  };
}

/** Issue 18: `GET /users/me` latency while public-token fragment bombs are sent and refused, beside the same without them. */
export async function runFragmentBombBench(): Promise<void> {
  log(
    `== GraphQL fragment bomb (issue 18): GET /users/me, one request at a time for ${SECONDS} s, alone, beside a client looping a trivial query, and beside one looping a fragment bomb ==`,
  );
  log(
    `bomb: ${Buffer.byteLength(BOMB)} bytes, ${LEVELS} levels of fragments each spreading the previous twice (2^${LEVELS} __typename inlined), delivery token\n`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-bomb-'));
  const server = await startChild({
    script: SERVER_SCRIPT,
    readyPath: '/users/me',
    headers: AUTH,
    env: {
      TESSERA_ADMIN_TOKEN: TOKEN,
      TESSERA_DATA_DIR: dataDir,
      TESSERA_RATE_LIMIT_PER_SECOND: '0',
      TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND: '0',
    },
  });
  const client = httpClient(server.baseUrl, AUTH);
  try {
    const space = await client.expectStatus(201, 'POST', '/spaces', { json: { name: 'Bomb' } });
    const key = await client.expectStatus(201, 'POST', `/spaces/${space.sys.id}/api_keys`, {
      json: { name: 'bomb', environments: [{ sys: { type: 'Link', linkType: 'Environment', id: 'master' } }] },
    });
    await usersMeLatency(client, 1);
    const quiet = await usersMeLatency(client, SECONDS);
    const beside = async (query: string) => {
      const other = queryLoop(server.baseUrl, space.sys.id, key.accessToken, query);
      const latency = await usersMeLatency(client, SECONDS);
      const statuses = await other.stop();
      return { latency, statuses, sent: [...statuses.values()].reduce((a, b) => a + b, 0) };
    };
    const trivial = await beside('{ __typename }');
    const bomb = await beside(BOMB);
    log(`  ${'GET /users/me'.padEnd(46)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
    const row = (label: string, l: Latency) =>
      log(
        `  ${label.padEnd(46)}${String(l.requests).padStart(9)}${fixed(l.p50, 2).padStart(9)}${fixed(l.p99, 2).padStart(9)}`,
      );
    row('alone', quiet);
    row('beside a client looping { __typename }', trivial.latency);
    row('beside a client looping the bomb', bomb.latency);
    const rate = (r: typeof bomb) =>
      `${r.sent} in ${SECONDS} s (${fixed(r.sent / SECONDS, 0)}/s), statuses ${JSON.stringify(Object.fromEntries(r.statuses))}`;
    log(`  { __typename } answered: ${rate(trivial)}; bombs answered: ${rate(bomb)}`);
    log(
      `  with the bomb, p99 within 2x of beside { __typename } (aim: unaffected by what the other client sends): ${verdict(bomb.latency.p99 <= trivial.latency.p99 * 2)}\n`,
    );
  } finally {
    client.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
