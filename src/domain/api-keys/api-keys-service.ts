import type { Storage } from '../../storage/port/index.ts';
import type { SpacesService } from '../spaces/spaces-service.ts';

/** Delivery API keys and their preview keys (to be built). */
export function apiKeysService(_storage: Storage, _spaces: SpacesService) {
  return {};
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
