import type { operations as ManagementOperations } from '../../../generated/types/management.d.ts';
import type { operations as ScimOperations } from '../../../generated/types/scim.d.ts';
import type { operations as UserManagementOperations } from '../../../generated/types/user-management.d.ts';

/** The operation ids of one generated document (none while it has no operations: its type is then a string map). */
type OperationIdsOf<T> = string extends keyof T ? never : Extract<keyof T, string>;

/** Every operation id of the published documents. */
export type OperationId =
  OperationIdsOf<ManagementOperations> | OperationIdsOf<UserManagementOperations> | OperationIdsOf<ScimOperations>;

/** Actions on entries and assets (what role policies name). */
export type EntityAction = 'read' | 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'archive' | 'unarchive';
/** The permission areas of a role: each is read, or manage (every change). */
export type PermissionArea =
  'ContentModel' | 'ContentDelivery' | 'Environments' | 'EnvironmentAliases' | 'Settings' | 'Tags';
export type RecordAction = 'read' | 'create' | 'update' | 'delete';
export type Action = EntityAction | 'manage';

/**
 * What an operation needs. `scope` says where the actor must stand: `user` (their own account and tokens),
 * `organization` (an active membership of the organization named by the path's `organization_id`; without one in
 * the path, of any organization, and lists show the actor's own; `read` needs any role, every other action owner or
 * admin), `space` (access to the space named by the path's `space_id`), `anyone` (no token: the path carries its
 * own secret, as an invitation URL does).
 */
export type AccessRule =
  | { readonly scope: 'anyone'; readonly action: RecordAction; readonly subject: 'Invitation' }
  | {
      readonly scope: 'user';
      readonly action: RecordAction;
      readonly subject: 'User' | 'PersonalAccessToken' | 'Space';
    }
  | OrganizationRule
  | { readonly scope: 'space'; readonly action: EntityAction; readonly subject: 'Entry' | 'Asset' }
  | { readonly scope: 'space'; readonly action: 'read' | 'manage'; readonly subject: PermissionArea }
  | SpaceRecordRule
  | ScheduledActionRule
  | AppAssertionRule;

/**
 * Issuing an app access token: the request carries a JWT the app signed (an `appAssertion` actor), verified by the
 * authorizer against the keys of the app the path names. No other actor may call it.
 */
export interface AppAssertionRule {
  readonly scope: 'appAssertion';
  readonly action: 'create';
  readonly subject: 'AppAccessToken';
}

/**
 * A scheduled action: reading follows the read access to its entity, every change needs publish access to it
 * (decided on the entity by `entity-access.ts`, `requireSchedulable`); a member whose roles allow publishing no
 * entry or asset at all is refused at once.
 */
export interface ScheduledActionRule {
  readonly scope: 'space';
  readonly action: RecordAction;
  readonly subject: 'ScheduledAction';
}

/** A record of a space. `alsoOwn`: a member without the right may still act on their own record (the grant's `standing` is then `member` and `record-rules.ts` refuses anyone else's). */
export interface SpaceRecordRule {
  readonly scope: 'space';
  readonly action: RecordAction;
  readonly subject:
    'Space' | 'Upload' | 'Role' | 'SpaceMembership' | 'TeamSpaceMembership' | 'SpaceMember' | 'AppInstallation';
  readonly alsoOwn?: true;
}

export interface OrganizationRule {
  readonly scope: 'organization';
  readonly action: RecordAction | 'manage';
  readonly subject: OrganizationSubject;
  /**
   * A member without the owner or admin role may still act on their own record: the grant carries their role and
   * `record-rules.ts` refuses anyone else's record, which the service reads anyway.
   */
  readonly alsoOwn?: true;
  /** Reading needs the owner or admin role too (usage); a read-only token may still read. */
  readonly managersOnly?: true;
}

export type OrganizationSubject =
  | 'Organization'
  | 'Space'
  | 'OrganizationMembership'
  | 'Invitation'
  | 'Role'
  | 'SpaceMembership'
  | 'Team'
  | 'TeamMembership'
  | 'TeamSpaceMembership'
  | 'Usage'
  | 'AppDefinition'
  | 'AppKey'
  | 'AppEventSubscription';
export type Subject = AccessRule['subject'];

const user = (action: RecordAction, subject: 'User' | 'PersonalAccessToken' | 'Space') =>
  ({ scope: 'user', action, subject }) as const;
const organization = (
  action: OrganizationRule['action'],
  subject: OrganizationSubject,
  own?: { alsoOwn: true } | { managersOnly: true },
) => ({ scope: 'organization', action, subject, ...own }) as const;
const entity = (action: EntityAction, subject: 'Entry' | 'Asset') => ({ scope: 'space', action, subject }) as const;
const area = (action: 'read' | 'manage', subject: PermissionArea) => ({ scope: 'space', action, subject }) as const;
const space = (action: RecordAction, subject: SpaceRecordRule['subject'], own?: { alsoOwn: true }) =>
  ({ scope: 'space', action, subject, ...own }) as const;
const scheduled = (action: RecordAction) => ({ scope: 'space', action, subject: 'ScheduledAction' }) as const;

/**
 * Every operation of the published documents and the access it needs: the one table the authorizer reads.
 * A new operation without an entry, or an entry for an id no document has, does not compile. A `PUT` that
 * creates or updates (`*_createOrUpdate`) is listed as `update`.
 */
export const OPERATION_ACCESS = {
  // The user-management document.
  InvitationAcceptance_accept: { scope: 'anyone', action: 'update', subject: 'Invitation' },
  Invitations_create: organization('create', 'Invitation'),
  Invitations_get: organization('manage', 'Invitation'), // invitations are read by owners and admins only
  OrganizationMemberships_list: organization('read', 'OrganizationMembership'),
  OrganizationMemberships_get: organization('read', 'OrganizationMembership'),
  OrganizationMemberships_update: organization('update', 'OrganizationMembership'),
  OrganizationMemberships_delete: organization('delete', 'OrganizationMembership', { alsoOwn: true }),
  Teams_list: organization('read', 'Team'),
  Teams_get: organization('read', 'Team'),
  Teams_create: organization('create', 'Team'),
  Teams_update: organization('update', 'Team'),
  Teams_delete: organization('delete', 'Team'),
  TeamMemberships_list: organization('read', 'TeamMembership'),
  TeamMemberships_get: organization('read', 'TeamMembership'),
  TeamMemberships_create: organization('create', 'TeamMembership'),
  TeamMemberships_delete: organization('delete', 'TeamMembership'),
  OrganizationTeamMemberships_list: organization('read', 'TeamMembership'),
  OrganizationTeamSpaceMemberships_list: organization('read', 'TeamSpaceMembership'),
  OrganizationTeamSpaceMemberships_get: organization('read', 'TeamSpaceMembership'),
  // The SCIM document: organization owners and admins only (reference §7.1), discovery included.
  ScimDiscovery_serviceProviderConfig: organization('manage', 'OrganizationMembership'),
  ScimDiscovery_listResourceTypes: organization('manage', 'OrganizationMembership'),
  ScimDiscovery_getResourceType: organization('manage', 'OrganizationMembership'),
  ScimDiscovery_listSchemas: organization('manage', 'OrganizationMembership'),
  ScimDiscovery_getSchema: organization('manage', 'OrganizationMembership'),
  ScimUsers_list: organization('manage', 'OrganizationMembership'),
  ScimUsers_create: organization('manage', 'OrganizationMembership'),
  ScimUsers_get: organization('manage', 'OrganizationMembership'),
  ScimUsers_replace: organization('manage', 'OrganizationMembership'),
  ScimUsers_update: organization('manage', 'OrganizationMembership'),
  ScimUsers_delete: organization('manage', 'OrganizationMembership'),
  ScimGroups_list: organization('manage', 'OrganizationMembership'),
  ScimGroups_create: organization('manage', 'OrganizationMembership'),
  ScimGroups_get: organization('manage', 'OrganizationMembership'),
  ScimGroups_replace: organization('manage', 'OrganizationMembership'),
  ScimGroups_update: organization('manage', 'OrganizationMembership'),
  ScimGroups_delete: organization('manage', 'OrganizationMembership'),
  // The management document.
  Organizations_list: organization('read', 'Organization'),
  // The Usage API: organization owners and admins only (management-api.md, Permission rules).
  OrganizationPeriodicUsages_list: organization('read', 'Usage', { managersOnly: true }),
  SpacePeriodicUsages_list: organization('read', 'Usage', { managersOnly: true }),
  Spaces_list: user('read', 'Space'),
  Spaces_create: organization('create', 'Space'),
  Spaces_get: space('read', 'Space'),
  Spaces_update: space('update', 'Space'),
  Spaces_delete: space('delete', 'Space'),
  ApiKeys_list: area('read', 'ContentDelivery'),
  ApiKeys_create: area('manage', 'ContentDelivery'),
  ApiKeys_get: area('read', 'ContentDelivery'),
  ApiKeys_createOrUpdate: area('manage', 'ContentDelivery'),
  ApiKeys_delete: area('manage', 'ContentDelivery'),
  MasterAssetSearch_list: entity('read', 'Asset'),
  MasterAssets_create: entity('create', 'Asset'),
  MasterAssets_get: entity('read', 'Asset'),
  MasterAssets_createOrUpdate: entity('update', 'Asset'),
  MasterAssets_delete: entity('delete', 'Asset'),
  MasterAssets_archive: entity('archive', 'Asset'),
  MasterAssets_unarchive: entity('unarchive', 'Asset'),
  MasterAssetProcessing_process: entity('update', 'Asset'),
  MasterAssets_publish: entity('publish', 'Asset'),
  MasterAssets_unpublish: entity('unpublish', 'Asset'),
  MasterContentTypes_list: area('read', 'ContentModel'),
  MasterContentTypes_create: area('manage', 'ContentModel'),
  MasterContentTypes_get: area('read', 'ContentModel'),
  MasterContentTypes_createOrUpdate: area('manage', 'ContentModel'),
  MasterContentTypes_delete: area('manage', 'ContentModel'),
  MasterEditorInterfaces_get: area('read', 'ContentModel'),
  MasterEditorInterfaces_update: area('manage', 'ContentModel'),
  MasterContentTypes_activate: area('manage', 'ContentModel'),
  MasterContentTypes_deactivate: area('manage', 'ContentModel'),
  MasterContentTypes_listSnapshots: area('read', 'ContentModel'),
  MasterContentTypes_getSnapshot: area('read', 'ContentModel'),
  MasterEditorInterfaces_list: area('read', 'ContentModel'),
  MasterEntrySearch_list: entity('read', 'Entry'),
  MasterEntries_create: entity('create', 'Entry'),
  MasterEntries_get: entity('read', 'Entry'),
  MasterEntries_createOrUpdate: entity('update', 'Entry'),
  MasterEntries_delete: entity('delete', 'Entry'),
  MasterEntries_patch: entity('update', 'Entry'),
  MasterEntries_archive: entity('archive', 'Entry'),
  MasterEntries_unarchive: entity('unarchive', 'Entry'),
  MasterEntries_publish: entity('publish', 'Entry'),
  MasterEntries_unpublish: entity('unpublish', 'Entry'),
  MasterEntries_getReferences: entity('read', 'Entry'),
  MasterEntries_listSnapshots: entity('read', 'Entry'),
  MasterEntries_getSnapshot: entity('read', 'Entry'),
  EnvironmentAliases_list: area('read', 'EnvironmentAliases'),
  EnvironmentAliases_get: area('read', 'EnvironmentAliases'),
  EnvironmentAliases_createOrUpdate: area('manage', 'EnvironmentAliases'),
  EnvironmentAliases_delete: area('manage', 'EnvironmentAliases'),
  Environments_list: area('read', 'Environments'),
  Environments_create: area('manage', 'Environments'),
  Environments_get: area('read', 'Environments'),
  Environments_createOrUpdate: area('manage', 'Environments'),
  Environments_delete: area('manage', 'Environments'),
  AssetSearch_list: entity('read', 'Asset'),
  Assets_create: entity('create', 'Asset'),
  Assets_get: entity('read', 'Asset'),
  Assets_createOrUpdate: entity('update', 'Asset'),
  Assets_delete: entity('delete', 'Asset'),
  Assets_archive: entity('archive', 'Asset'),
  Assets_unarchive: entity('unarchive', 'Asset'),
  AssetProcessing_process: entity('update', 'Asset'),
  Assets_publish: entity('publish', 'Asset'),
  Assets_unpublish: entity('unpublish', 'Asset'),
  ContentTypes_list: area('read', 'ContentModel'),
  ContentTypes_create: area('manage', 'ContentModel'),
  ContentTypes_get: area('read', 'ContentModel'),
  ContentTypes_createOrUpdate: area('manage', 'ContentModel'),
  ContentTypes_delete: area('manage', 'ContentModel'),
  EditorInterfaces_get: area('read', 'ContentModel'),
  EditorInterfaces_update: area('manage', 'ContentModel'),
  ContentTypes_activate: area('manage', 'ContentModel'),
  ContentTypes_deactivate: area('manage', 'ContentModel'),
  ContentTypes_listSnapshots: area('read', 'ContentModel'),
  ContentTypes_getSnapshot: area('read', 'ContentModel'),
  EditorInterfaces_list: area('read', 'ContentModel'),
  EntrySearch_list: entity('read', 'Entry'),
  Entries_create: entity('create', 'Entry'),
  Entries_get: entity('read', 'Entry'),
  Entries_createOrUpdate: entity('update', 'Entry'),
  Entries_delete: entity('delete', 'Entry'),
  Entries_patch: entity('update', 'Entry'),
  Entries_archive: entity('archive', 'Entry'),
  Entries_unarchive: entity('unarchive', 'Entry'),
  Entries_publish: entity('publish', 'Entry'),
  Entries_unpublish: entity('unpublish', 'Entry'),
  Entries_getReferences: entity('read', 'Entry'),
  Entries_listSnapshots: entity('read', 'Entry'),
  Entries_getSnapshot: entity('read', 'Entry'),
  Extensions_list: area('read', 'Settings'),
  Extensions_create: area('manage', 'Settings'),
  Extensions_get: area('read', 'Settings'),
  Extensions_createOrUpdate: area('manage', 'Settings'),
  Extensions_delete: area('manage', 'Settings'),
  Locales_list: area('read', 'Settings'),
  Locales_create: area('manage', 'Settings'),
  Locales_get: area('read', 'Settings'),
  Locales_update: area('manage', 'Settings'),
  Locales_delete: area('manage', 'Settings'),
  PublishedAssetSearch_list: entity('read', 'Asset'),
  ActivatedContentTypes_list: area('read', 'ContentModel'),
  PublishedEntrySearch_list: entity('read', 'Entry'),
  Tags_list: area('read', 'Tags'),
  Tags_get: area('read', 'Tags'),
  Tags_createOrUpdate: area('manage', 'Tags'),
  Tags_delete: area('manage', 'Tags'),
  Uploads_create: space('create', 'Upload'),
  Uploads_get: space('read', 'Upload'),
  Uploads_delete: space('delete', 'Upload'),
  MasterExtensions_list: area('read', 'Settings'),
  MasterExtensions_create: area('manage', 'Settings'),
  MasterExtensions_get: area('read', 'Settings'),
  MasterExtensions_createOrUpdate: area('manage', 'Settings'),
  MasterExtensions_delete: area('manage', 'Settings'),
  MasterLocales_list: area('read', 'Settings'),
  MasterLocales_create: area('manage', 'Settings'),
  MasterLocales_get: area('read', 'Settings'),
  MasterLocales_update: area('manage', 'Settings'),
  MasterLocales_delete: area('manage', 'Settings'),
  PreviewApiKeys_list: area('read', 'ContentDelivery'),
  PreviewApiKeys_get: area('read', 'ContentDelivery'),
  MasterPublishedAssetSearch_list: entity('read', 'Asset'),
  MasterActivatedContentTypes_list: area('read', 'ContentModel'),
  MasterPublishedEntrySearch_list: entity('read', 'Entry'),
  Roles_list: space('read', 'Role'),
  Roles_create: space('create', 'Role'),
  Roles_get: space('read', 'Role'),
  Roles_update: space('update', 'Role'),
  Roles_delete: space('delete', 'Role'),
  OrganizationRoles_list: organization('manage', 'Role'), // owners and admins only
  SpaceMemberships_list: space('read', 'SpaceMembership'),
  SpaceMemberships_create: space('create', 'SpaceMembership'),
  SpaceMemberships_get: space('read', 'SpaceMembership'),
  SpaceMemberships_update: space('update', 'SpaceMembership'),
  SpaceMemberships_delete: space('delete', 'SpaceMembership', { alsoOwn: true }), // a member may leave the space
  OrganizationSpaceMemberships_list: organization('manage', 'SpaceMembership'), // owners and admins only
  OrganizationSpaceMemberships_get: organization('manage', 'SpaceMembership'),
  TeamSpaceMemberships_list: space('read', 'TeamSpaceMembership'),
  TeamSpaceMemberships_create: space('create', 'TeamSpaceMembership'),
  TeamSpaceMemberships_get: space('read', 'TeamSpaceMembership'),
  TeamSpaceMemberships_update: space('update', 'TeamSpaceMembership'),
  TeamSpaceMemberships_delete: space('delete', 'TeamSpaceMembership'),
  SpaceMembers_list: space('read', 'SpaceMember'),
  SpaceMembers_get: space('read', 'SpaceMember'),
  MasterTags_list: area('read', 'Tags'),
  MasterTags_get: area('read', 'Tags'),
  MasterTags_createOrUpdate: area('manage', 'Tags'),
  MasterTags_delete: area('manage', 'Tags'),
  MasterUploads_create: space('create', 'Upload'),
  MasterUploads_get: space('read', 'Upload'),
  MasterUploads_delete: space('delete', 'Upload'),
  // Webhooks are space settings: Settings `manage` for reads too (the area has no `read`).
  WebhookDefinitions_list: area('read', 'Settings'),
  WebhookDefinitions_create: area('manage', 'Settings'),
  WebhookDefinitions_get: area('read', 'Settings'),
  WebhookDefinitions_createOrUpdate: area('manage', 'Settings'),
  WebhookDefinitions_delete: area('manage', 'Settings'),
  WebhookSigningSecrets_get: area('read', 'Settings'),
  WebhookSigningSecrets_upsert: area('manage', 'Settings'),
  WebhookSigningSecrets_delete: area('manage', 'Settings'),
  WebhookCalls_list: area('read', 'Settings'),
  WebhookCalls_get: area('read', 'Settings'),
  WebhookCalls_health: area('read', 'Settings'),
  ScheduledActions_list: scheduled('read'),
  ScheduledActions_get: scheduled('read'),
  ScheduledActions_create: scheduled('create'),
  ScheduledActions_update: scheduled('update'),
  ScheduledActions_cancel: scheduled('delete'),
  // Apps: definitions are read by every member of their organization; keys and event subscriptions, and every
  // change, by owners and admins. Installations are read by every member of the space and changed by space admins.
  AppDefinitions_list: organization('read', 'AppDefinition'),
  AppDefinitions_get: organization('read', 'AppDefinition'),
  AppDefinitions_create: organization('create', 'AppDefinition'),
  AppDefinitions_update: organization('update', 'AppDefinition'),
  AppDefinitions_delete: organization('delete', 'AppDefinition'),
  AppKeys_list: organization('read', 'AppKey', { managersOnly: true }),
  AppKeys_get: organization('read', 'AppKey', { managersOnly: true }),
  AppKeys_create: organization('create', 'AppKey'),
  AppKeys_delete: organization('delete', 'AppKey'),
  AppEventSubscriptions_get: organization('read', 'AppEventSubscription', { managersOnly: true }),
  AppEventSubscriptions_upsert: organization('update', 'AppEventSubscription'),
  AppEventSubscriptions_delete: organization('delete', 'AppEventSubscription'),
  AppInstallations_list: space('read', 'AppInstallation'),
  AppInstallations_get: space('read', 'AppInstallation'),
  AppInstallations_install: space('update', 'AppInstallation'),
  AppInstallations_uninstall: space('delete', 'AppInstallation'),
  AppAccessTokens_create: { scope: 'appAssertion', action: 'create', subject: 'AppAccessToken' },
  Me_get: user('read', 'User'),
  PersonalAccessTokens_list: user('read', 'PersonalAccessToken'),
  PersonalAccessTokens_create: user('create', 'PersonalAccessToken'),
  PersonalAccessTokens_get: user('read', 'PersonalAccessToken'),
  PersonalAccessTokens_revoke: user('update', 'PersonalAccessToken'),
} as const satisfies Record<OperationId, AccessRule>;

/** The rule of an operation id, or undefined for an id that is in no document (the authorizer refuses those). */
export function accessRuleOf(operationId: string): AccessRule | undefined {
  return Object.hasOwn(OPERATION_ACCESS, operationId)
    ? (OPERATION_ACCESS as Record<string, AccessRule>)[operationId]
    : undefined;
}
