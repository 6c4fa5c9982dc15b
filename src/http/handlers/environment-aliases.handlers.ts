import type { Services } from '../../domain/index.ts';
import type { HandlerMap } from '../handler.ts';

/** Handlers keyed by operationId (to be built). */
export function environmentAliasesHandlers(_services: Services): HandlerMap {
  return {};
}
