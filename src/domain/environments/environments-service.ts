import type { Storage } from '../../storage/port/index.ts';
import type { SpacesService } from '../spaces/spaces-service.ts';
import type { ResolveEnvironment } from './environment-resolver.ts';

/** Environments and environment aliases (to be built). */
export function environmentsService(_storage: Storage, _spaces: SpacesService, _resolve: ResolveEnvironment) {
  return {};
}

export type EnvironmentsService = ReturnType<typeof environmentsService>;
