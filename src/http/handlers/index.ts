import type { Services } from '../../domain/index.ts';
import type { HandlerMap } from '../handler.ts';
import { spacesHandlers } from './spaces.handlers.ts';
import { usersHandlers } from './users.handlers.ts';

/** Every REST handler keyed by the operationId of the published OpenAPI documents. */
export function allHandlers(services: Services): HandlerMap {
  return {
    ...usersHandlers(services),
    ...spacesHandlers(services),
  };
}
