import type { TestServer } from './harness.ts';

/**
 * The SQL statements `work` runs when warm: the fewest of `runs` runs, with the server's background loops paused
 * meanwhile (their polls would add statements to a run on a slow machine).
 */
export async function fewestStatements(server: TestServer, work: () => Promise<unknown>, runs = 3): Promise<number> {
  const counts: number[] = [];
  await withoutBackgroundWork(server, async () => {
    for (let run = 0; run < runs; run++) counts.push(await statementsOf(server, work));
  });
  return Math.min(...counts);
}

/** The statements `work` ran (count it with the background loops stopped: see `withoutBackgroundWork`). */
export async function statementsOf(server: TestServer, work: () => Promise<unknown>): Promise<number> {
  const before = server.tessera.database.statements();
  await work();
  return server.tessera.database.statements() - before;
}

/** Runs `work` with the background loops stopped (the job runners, the event dispatcher's poll, the usage flush): they would count too. */
export async function withoutBackgroundWork<T>(server: TestServer, work: () => Promise<T>): Promise<T> {
  const { jobs, webhooks, usage } = server.tessera;
  await Promise.all([jobs.stop(), webhooks.stop(), usage.stop()]);
  try {
    return await work();
  } finally {
    jobs.start();
    webhooks.start();
    usage.start();
  }
}

/**
 * Server settings for suites that count the statements GraphQL queries run: without the response cache, since it
 * answers a repeated query with none.
 */
export const UNCACHED_RESPONSES = { TESSERA_GRAPHQL_RESPONSE_CACHE_MB: '0' } as const;
