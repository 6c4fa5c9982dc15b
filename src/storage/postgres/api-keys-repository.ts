import type { ApiKeysRepository } from '../port/api-keys.ts';
import type { Executor } from './executor.ts';

export function apiKeysRepository(_db: Executor): ApiKeysRepository {
  return {};
}
