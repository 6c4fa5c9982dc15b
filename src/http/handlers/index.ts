import type { Services } from '../../domain/index.ts';
import type { HandlerMap } from '../handler.ts';
import type { OperationId } from '../operation-input.ts';
import { apiKeysHandlers } from './api-keys.handlers.ts';
import { environmentAliasesHandlers } from './environment-aliases.handlers.ts';
import { environmentsHandlers } from './environments.handlers.ts';
import { localesHandlers } from './locales.handlers.ts';
import { spacesHandlers } from './spaces.handlers.ts';
import { usersHandlers } from './users.handlers.ts';
import { contentTypesHandlers } from './content-types.handlers.ts';
import { editorInterfacesHandlers } from './editor-interfaces.handlers.ts';
import { extensionsHandlers } from './extensions.handlers.ts';
import { entriesHandlers } from './entries.handlers.ts';
import { assetsHandlers } from './assets.handlers.ts';
import { uploadsHandlers } from './uploads.handlers.ts';
import { assetProcessingHandlers } from './asset-processing.handlers.ts';
import { searchHandlers } from './search.handlers.ts';
import { tagsHandlers } from './tags.handlers.ts';
import { organizationMembershipsHandlers } from './organization-memberships.handlers.ts';
import { invitationsHandlers } from './invitations.handlers.ts';
import { rolesHandlers } from './roles.handlers.ts';
import { spaceMembershipsHandlers } from './space-memberships.handlers.ts';
import { scimDiscoveryHandlers } from './scim-discovery.handlers.ts';
import { scimUsersHandlers } from './scim-users.handlers.ts';
import { scimGroupsHandlers } from './scim-groups.handlers.ts';
import { teamsHandlers } from './teams.handlers.ts';
import { teamMembershipsHandlers } from './team-memberships.handlers.ts';
import { teamSpaceMembershipsHandlers } from './team-space-memberships.handlers.ts';
import { webhookDefinitionsHandlers } from './webhook-definitions.handlers.ts';
import { webhookCallsHandlers } from './webhook-calls.handlers.ts';
import { scheduledActionsHandlers } from './scheduled-actions.handlers.ts';
import { usageHandlers } from './usage.handlers.ts';
import { appsHandlers } from './apps.handlers.ts';

/**
 * The map as given, when it holds a handler for every operation of the published documents and no other key:
 * the compiler refuses a missing or unknown operation (spreads escape the excess-property check of `HandlerMap`).
 */
export const everyOperation = <M extends HandlerMap>(
  map: M & Record<Exclude<keyof M, OperationId>, never>,
): HandlerMap => map;

/** Every REST handler keyed by the operationId of the published OpenAPI documents, typed by its operation. */
export function allHandlers(services: Services): HandlerMap {
  return everyOperation({
    ...appsHandlers(services),
    ...usersHandlers(services),
    ...spacesHandlers(services),
    ...environmentsHandlers(services),
    ...environmentAliasesHandlers(services),
    ...localesHandlers(services),
    ...apiKeysHandlers(services),
    ...contentTypesHandlers(services),
    ...editorInterfacesHandlers(services),
    ...extensionsHandlers(services),
    ...entriesHandlers(services),
    ...assetsHandlers(services),
    ...uploadsHandlers(services),
    ...assetProcessingHandlers(services),
    ...searchHandlers(services),
    ...tagsHandlers(services),
    ...organizationMembershipsHandlers(services),
    ...invitationsHandlers(services),
    ...rolesHandlers(services),
    ...spaceMembershipsHandlers(services),
    ...scimDiscoveryHandlers(),
    ...scimUsersHandlers(services),
    ...scimGroupsHandlers(services),
    ...teamsHandlers(services),
    ...teamMembershipsHandlers(services),
    ...teamSpaceMembershipsHandlers(services),
    ...webhookDefinitionsHandlers(services),
    ...webhookCallsHandlers(services),
    ...scheduledActionsHandlers(services),
    ...usageHandlers(services),
  });
}
