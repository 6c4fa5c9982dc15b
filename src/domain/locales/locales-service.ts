import type { Storage } from '../../storage/port/index.ts';
import type { ResolveEnvironment } from '../environments/environment-resolver.ts';

/** Locales of an environment (to be built). */
export function localesService(_storage: Storage, _resolve: ResolveEnvironment) {
  return {};
}

export type LocalesService = ReturnType<typeof localesService>;
