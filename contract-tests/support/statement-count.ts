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
