import type { Services } from '../../domain/index.ts';
import type { HandlerMap } from '../handler.ts';
import { apiKeysHandlers } from './api-keys.handlers.ts';
import { environmentAliasesHandlers } from './environment-aliases.handlers.ts';
import { environmentsHandlers } from './environments.handlers.ts';
import { localesHandlers } from './locales.handlers.ts';
import { spacesHandlers } from './spaces.handlers.ts';
import { usersHandlers } from './users.handlers.ts';

/** Every REST handler keyed by the operationId of the published OpenAPI documents. */
export function allHandlers(services: Services): HandlerMap {
  return {
    ...usersHandlers(services),
    ...spacesHandlers(services),
    ...environmentsHandlers(services),
    ...environmentAliasesHandlers(services),
    ...localesHandlers(services),
    ...apiKeysHandlers(services),
  };
}
