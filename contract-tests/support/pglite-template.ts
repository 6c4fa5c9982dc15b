import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup: one migrated PGlite database, dumped to a file the suites start their in-memory databases from
 * (PGlite makes an empty database in ~2 s, loads a dumped one in ~0.3 s; the suites open a few hundred).
 */
export async function setup(project: TestProject): Promise<() => void> {
  // CI's second run is on PostgreSQL alone.
  if (process.env.TESSERA_TEST_DATABASES === 'postgres') {
    project.provide('pgliteTemplate', '');
    return () => {};
  }
  const { openPGlite, migrate } = await import('../../src/storage/postgres/index.ts');
  const open = await openPGlite(undefined);
  await migrate(open.db);
  const dump = await open.dumpDataDir!();
  await open.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pglite-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

let template: Promise<Blob | undefined> | undefined;

/** In a suite: the migrated database to start an in-memory PGlite from (undefined outside vitest's run). */
export function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await fs.promises.readFile(file)]) : undefined;
  })();
  return template;
}
