import type { Storage } from '../storage/port/index.ts';
import { apiKeysService } from './api-keys/api-keys-service.ts';
import { environmentResolver } from './environments/environment-resolver.ts';
import { environmentsService } from './environments/environments-service.ts';
import { identityService } from './identity/identity-service.ts';
import { localesService } from './locales/locales-service.ts';
import { spacesService } from './spaces/spaces-service.ts';

export type { Actor } from './shared/actor.ts';
export { bootstrapIdentity } from './identity/bootstrap.ts';

/** Every domain service, built once over one storage. */
export function createServices(storage: Storage) {
  const spaces = spacesService(storage);
  const resolveEnvironment = environmentResolver(storage, spaces);
  return {
    identity: identityService(storage),
    spaces,
    resolveEnvironment,
    environments: environmentsService(storage, spaces, resolveEnvironment),
    locales: localesService(storage, resolveEnvironment),
    apiKeys: apiKeysService(storage, spaces),
  };
}

export type Services = ReturnType<typeof createServices>;
