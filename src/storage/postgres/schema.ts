import type { ColumnType, Generated } from 'kysely';

/** Timestamps are read as ISO strings (see type-parsers.ts) and written as ISO strings or Dates. */
type Timestamp = ColumnType<string, string | Date | undefined, string | Date>;
type NullableTimestamp = ColumnType<string | null, string | Date | null | undefined, string | Date | null>;
type Json<T> = ColumnType<T, string, string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface UsersTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface OrganizationMembershipsTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'developer' | 'member';
  status: Generated<'pending' | 'active'>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
}
export interface InvitationsTable {
  id: string;
  organization_id: string;
  organization_membership_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: 'owner' | 'admin' | 'developer' | 'member';
  status: Generated<'open' | 'accepted'>;
  token_hash: string;
  user_id: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface TeamsTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface TeamMembershipsTable {
  id: string;
  organization_id: string;
  team_id: string;
  organization_membership_id: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface TeamSpaceMembershipsTable {
  id: string;
  organization_id: string;
  space_id: string;
  team_id: string;
  admin: boolean;
  roles: Json<unknown[]>;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PersonalAccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  scopes: string[];
  token_hash: string;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface SpacesTable {
  id: string;
  organization_id: string;
  name: string;
  version: Generated<number>;
  aliases_enabled: Generated<boolean>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface SpaceMembershipsTable {
  id: string;
  space_id: string;
  user_id: string;
  admin: boolean;
  roles: Json<unknown[]>;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface RolesTable {
  space_id: string;
  id: string;
  name: string;
  description: string | null;
  permissions: Json<Record<string, 'all' | string[]>>;
  policies: Json<unknown[]>;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type EnvironmentStatus = 'queued' | 'inProgress' | 'ready' | 'failed';
export interface EnvironmentsTable {
  space_id: string;
  id: string;
  name: string;
  status: EnvironmentStatus;
  source_environment_id: string | null;
  failure_reason: string | null;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface EnvironmentAliasesTable {
  space_id: string;
  id: string;
  environment_id: string;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface LocalesTable {
  space_id: string;
  environment_id: string;
  id: string;
  code: string;
  name: string;
  fallback_code: string | null;
  is_default: boolean;
  content_management_api: boolean;
  content_delivery_api: boolean;
  optional: boolean;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ApiKeysTable {
  space_id: string;
  id: string;
  name: string;
  description: string | null;
  access_token: string;
  preview_key_id: string;
  preview_access_token: string;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ApiKeyEnvironmentsTable {
  space_id: string;
  api_key_id: string;
  environment_id: string;
  position: number;
}
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  run_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface Lifecycle {
  version: Generated<number>;
  published_version: number | null;
  published_counter: Generated<number>;
  published_at: NullableTimestamp;
  published_by: string | null;
  first_published_at: NullableTimestamp;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ContentTypesTable extends Lifecycle {
  space_id: string;
  environment_id: string;
  id: string;
  name: string;
  description: string | null;
  display_field: string | null;
  fields: Json<unknown[]>;
  published: Json<Record<string, unknown>> | null;
}
export interface EditorInterfacesTable {
  space_id: string;
  environment_id: string;
  content_type_id: string;
  controls: Json<unknown[]>;
  sidebar: Json<unknown[]> | null;
  editors: Json<unknown[]> | null;
  editor_layout: Json<unknown[]> | null;
  group_controls: Json<unknown[]> | null;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ExtensionsTable {
  space_id: string;
  environment_id: string;
  id: string;
  extension: Json<Record<string, unknown>>;
  parameters: Json<Record<string, unknown>>;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface TagsTable {
  space_id: string;
  environment_id: string;
  id: string;
  name: string;
  visibility: 'public' | 'private';
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
interface ContentRow extends Lifecycle {
  space_id: string;
  environment_id: string;
  id: string;
  fields: Json<Record<string, Record<string, unknown>>>;
  tags: string[];
  published_fields: Json<Record<string, Record<string, unknown>>> | null;
  published_tags: string[] | null;
  archived_version: number | null;
  archived_at: NullableTimestamp;
  archived_by: string | null;
}
export interface EntriesTable extends ContentRow {
  content_type_id: string;
}
export type AssetsTable = ContentRow;
export interface EntryLinksTable {
  space_id: string;
  environment_id: string;
  source_id: string;
  field_id: string;
  locale: string;
  position: number;
  target_type: 'Entry' | 'Asset';
  target_id: string;
  /** Bits of the states that hold the link: 1 draft, 2 published (entry-links.ts). */
  states: number;
}
export interface SnapshotsTable {
  space_id: string;
  environment_id: string;
  id: string;
  entity_type: 'Entry' | 'ContentType';
  entity_id: string;
  snapshot: Json<Record<string, unknown>>;
  created_by: string | null;
  created_at: Timestamp;
}
export interface UploadsTable {
  space_id: string;
  id: string;
  sha256: string;
  size: number;
  created_by: string | null;
  created_at: Timestamp;
  processed_at: NullableTimestamp;
}
export interface AssetFilesTable {
  space_id: string;
  asset_id: string;
  file_key: string;
  sha256: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: Timestamp;
}

export interface WebhookDefinitionsTable {
  space_id: string;
  id: string;
  name: string;
  url: string;
  topics: Json<string[]>;
  filters: Json<unknown[]> | null;
  headers: Json<Array<{ key: string; value: string; secret: boolean }>>;
  http_basic_username: string | null;
  http_basic_password: string | null;
  active: boolean;
  transformation: Json<Record<string, unknown>> | null;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface WebhookSigningSecretsTable {
  space_id: string;
  value: string;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScheduledActionsTable {
  space_id: string;
  environment_id: string;
  id: string;
  entity_type: 'Entry' | 'Asset';
  entity_id: string;
  action: 'publish' | 'unpublish';
  scheduled_for: Timestamp;
  timezone: string | null;
  status: Generated<'scheduled' | 'inProgress' | 'succeeded' | 'failed' | 'canceled'>;
  error: ColumnType<unknown, string | null | undefined, string | null>;
  version: Generated<number>;
  created_by: string;
  updated_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  canceled_at: NullableTimestamp;
  canceled_by: string | null;
}

export interface DatabaseSchema {
  organizations: OrganizationsTable;
  users: UsersTable;
  organization_memberships: OrganizationMembershipsTable;
  invitations: InvitationsTable;
  teams: TeamsTable;
  team_memberships: TeamMembershipsTable;
  team_space_memberships: TeamSpaceMembershipsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  spaces: SpacesTable;
  space_memberships: SpaceMembershipsTable;
  roles: RolesTable;
  environments: EnvironmentsTable;
  environment_aliases: EnvironmentAliasesTable;
  locales: LocalesTable;
  api_keys: ApiKeysTable;
  api_key_environments: ApiKeyEnvironmentsTable;
  jobs: JobsTable;
  content_types: ContentTypesTable;
  editor_interfaces: EditorInterfacesTable;
  extensions: ExtensionsTable;
  tags: TagsTable;
  entries: EntriesTable;
  assets: AssetsTable;
  entry_links: EntryLinksTable;
  snapshots: SnapshotsTable;
  uploads: UploadsTable;
  asset_files: AssetFilesTable;
  webhook_definitions: WebhookDefinitionsTable;
  webhook_signing_secrets: WebhookSigningSecretsTable;
  scheduled_actions: ScheduledActionsTable;
}
