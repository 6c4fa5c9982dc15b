import type { Storage } from '../storage/port/index.ts';
import { apiKeysService } from './api-keys/api-keys-service.ts';
import { environmentResolver } from './environments/environment-resolver.ts';
import { environmentsService } from './environments/environments-service.ts';
import { identityService } from './identity/identity-service.ts';
import { localesService } from './locales/locales-service.ts';
import { spacesService } from './spaces/spaces-service.ts';
import { contentTypesService } from './content-model/content-types-service.ts';
import { contentTypeSnapshotsService } from './content-model/content-type-snapshots-service.ts';
import { editorInterfacesService } from './content-model/editor-interfaces-service.ts';
import { extensionsService } from './content-model/extensions-service.ts';
import { entriesService } from './entries/entries-service.ts';
import { entrySnapshotsService } from './entries/entry-snapshots-service.ts';
import { assetsService } from './assets/assets-service.ts';
import { uploadsService, type UploadsOptions } from './uploads/uploads-service.ts';
import { assetProcessingService, type AssetProcessingOptions } from './uploads/asset-processing-service.ts';
import { searchService } from './search/search-service.ts';
import { tagsService } from './tags/tags-service.ts';
import { authorizer } from './access/authorizer.ts';
import { organizationMembershipsService } from './members/organization-memberships-service.ts';
import { invitationsService, type InvitationsOptions } from './members/invitations-service.ts';
import { rolesService } from './access/roles-service.ts';
import { spaceMembershipsService } from './members/space-memberships-service.ts';
import { scimUsersService } from './scim/scim-users-service.ts';
import { scimGroupsService } from './scim/scim-groups-service.ts';
import { teamMembershipsService } from './teams/team-memberships-service.ts';
import { teamsService } from './teams/teams-service.ts';
import { teamSpaceMembershipsService } from './teams/team-space-memberships-service.ts';
import { spaceMembersService } from './members/space-members-service.ts';
import { webhookDefinitionsService } from './webhooks/definitions/webhook-definitions-service.ts';
import { webhookSettingsService } from './webhooks/definitions/webhook-settings-service.ts';
import type { WebhookRules } from './webhooks/definitions/webhook-validation.ts';
import { deliveryLogService } from './webhooks/delivery/delivery-log-service.ts';
import { scheduledActionsService } from './scheduled-actions/scheduled-actions-service.ts';
import { usageService, type UsageServiceOptions } from './usage/usage-service.ts';
import { appsService } from './apps/apps-service.ts';

export type { Actor } from './shared/actor.ts';
export { bootstrapIdentity } from './identity/bootstrap.ts';

/** What the upload and processing services need beyond storage (the file store and limits from the config). */
export interface ServiceOptions {
  uploads?: UploadsOptions;
  assetProcessing?: AssetProcessingOptions;
  invitations?: InvitationsOptions;
  /** What webhook definitions may target and name (private hosts are refused by default). */
  webhookDefinitions?: WebhookRules;
  /** How usage reports see this process's counts not stored yet. */
  usage?: UsageServiceOptions;
}

/** Every domain service, built once over one storage. */
export function createServices(storage: Storage, options: ServiceOptions = {}) {
  const spaces = spacesService(storage);
  const resolveEnvironment = environmentResolver(storage);
  const organizationMemberships = organizationMembershipsService(storage);
  const invitations = invitationsService(storage, options.invitations ?? { publicBase: () => 'http://localhost:8080' });
  const teams = teamsService(storage);
  return {
    identity: identityService(storage),
    authorizer: authorizer(storage),
    spaces,
    resolveEnvironment,
    environments: environmentsService(storage, resolveEnvironment),
    locales: localesService(storage, resolveEnvironment),
    apiKeys: apiKeysService(storage),
    contentTypes: contentTypesService(storage, resolveEnvironment),
    contentTypeSnapshots: contentTypeSnapshotsService(storage, resolveEnvironment),
    editorInterfaces: editorInterfacesService(storage, resolveEnvironment),
    extensions: extensionsService(storage, resolveEnvironment),
    entries: entriesService(storage, resolveEnvironment),
    entrySnapshots: entrySnapshotsService(storage, resolveEnvironment),
    assets: assetsService(storage, resolveEnvironment),
    uploads: uploadsService(storage, resolveEnvironment, options.uploads ?? { files: undefined, maxBytes: 0 }),
    assetProcessing: assetProcessingService(
      storage,
      resolveEnvironment,
      options.assetProcessing ?? { fetchRemoteFiles: false },
    ),
    search: searchService(storage, resolveEnvironment),
    tags: tagsService(storage, resolveEnvironment),
    organizationMemberships,
    invitations,
    scimUsers: scimUsersService(storage, invitations, organizationMemberships),
    roles: rolesService(storage),
    spaceMemberships: spaceMembershipsService(storage),
    teams,
    scimGroups: scimGroupsService(storage, teams),
    teamMemberships: teamMembershipsService(storage),
    teamSpaceMemberships: teamSpaceMembershipsService(storage),
    spaceMembers: spaceMembersService(storage),
    webhookDefinitions: webhookDefinitionsService(
      storage,
      options.webhookDefinitions ?? { allowPrivateTargets: false, vendorToken: 'service' },
    ),
    webhookSettings: webhookSettingsService(storage),
    webhookCalls: deliveryLogService(storage),
    scheduledActions: scheduledActionsService(storage, resolveEnvironment),
    usage: usageService(storage, options.usage),
    apps: appsService(storage, resolveEnvironment, {
      allowPrivateTargets: options.webhookDefinitions?.allowPrivateTargets ?? false,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
