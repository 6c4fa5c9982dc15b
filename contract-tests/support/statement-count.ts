import type { TestServer } from './harness.ts';

/**
 * The SQL statements `work` runs when warm: the fewest of `runs` runs, with the server's job runner paused meanwhile
 * (its polls would add statements to a run on a slow machine).
 */
export async function fewestStatements(server: TestServer, work: () => Promise<unknown>, runs = 3): Promise<number> {
  const { database, jobs } = server.tessera;
  const counts: number[] = [];
  await jobs.stop();
  try {
    for (let run = 0; run < runs; run++) {
      const before = database.statements();
      await work();
      counts.push(database.statements() - before);
    }
  } finally {
    jobs.start();
  }
  return Math.min(...counts);
}

/**
 * Server settings for suites that count the statements GraphQL queries run: without the response cache, since it
 * answers a repeated query with none.
 */
export const UNCACHED_RESPONSES = { TESSERA_GRAPHQL_RESPONSE_CACHE_MB: '0' } as const;
