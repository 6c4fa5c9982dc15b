import type { ApiKeysRepository } from './api-keys.ts';
import type { EnvironmentsRepository } from './environments.ts';
import type { IdentityRepository } from './identity.ts';
import type { JobsRepository } from './jobs.ts';
import type { LocalesRepository } from './locales.ts';
import type { SpacesRepository } from './spaces.ts';

export type * from './records.ts';
export type * from './identity.ts';
export type * from './spaces.ts';
export type * from './jobs.ts';
export type * from './environments.ts';
export type * from './locales.ts';
export type * from './api-keys.ts';
export type * from './content-types.ts';
export type * from './content.ts';

/** Every repository, bound to one executor: the database, or one open transaction. */
export interface Repositories {
  identity: IdentityRepository;
  spaces: SpacesRepository;
  environments: EnvironmentsRepository;
  locales: LocalesRepository;
  apiKeys: ApiKeysRepository;
  jobs: JobsRepository;
}

/** The storage port the domain depends on. */
export interface Storage {
  readonly kind: 'pglite' | 'postgres';
  readonly repos: Repositories;
  /** Runs `work` in one transaction: all of it commits, or none of it does. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
