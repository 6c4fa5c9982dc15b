import type { Repositories, Storage } from '../port/index.ts';
import { apiKeysRepository } from './api-keys-repository.ts';
import type { OpenDatabase } from './database.ts';
import { environmentsRepository } from './environments-repository.ts';
import type { Executor } from './executor.ts';
import { identityRepository } from './identity-repository.ts';
import { jobsRepository } from './jobs-repository.ts';
import { localesRepository } from './locales-repository.ts';
import { spacesRepository } from './spaces-repository.ts';

function repositories(db: Executor): Repositories {
  return {
    identity: identityRepository(db),
    spaces: spacesRepository(db),
    environments: environmentsRepository(db),
    locales: localesRepository(db),
    apiKeys: apiKeysRepository(db),
    jobs: jobsRepository(db),
  };
}

/** The PostgreSQL adapter of the storage port, on a server or on PGlite. */
export function postgresStorage(open: OpenDatabase): Storage {
  return {
    kind: open.kind,
    repos: repositories(open.db),
    transaction: (work) => open.db.transaction().execute((tx) => work(repositories(tx))),
    close: () => open.close(),
  };
}
