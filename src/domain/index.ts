import type { Storage } from '../storage/port/index.ts';
import { identityService } from './identity/identity-service.ts';
import { spacesService } from './spaces/spaces-service.ts';

export type { Actor } from './shared/actor.ts';
export { bootstrapIdentity } from './identity/bootstrap.ts';

/** Every domain service, built once over one storage. */
export function createServices(storage: Storage) {
  const spaces = spacesService(storage);
  return {
    identity: identityService(storage),
    spaces,
  };
}

export type Services = ReturnType<typeof createServices>;
