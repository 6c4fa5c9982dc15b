import type { ApiKeysRepository } from './api-keys.ts';
import type { EnvironmentsRepository } from './environments.ts';
import type { IdentityRepository } from './identity.ts';
import type { MembersRepository } from './members.ts';
import type { JobsRepository } from './jobs.ts';
import type { LocalesRepository } from './locales.ts';
import type { SpacesRepository } from './spaces.ts';
import type { ContentTypesRepository } from './content-types.ts';
import type { EditorInterfacesRepository } from './editor-interfaces.ts';
import type { ExtensionsRepository } from './extensions.ts';
import type { EntriesRepository, SnapshotsRepository } from './entries.ts';
import type { AssetsRepository } from './assets.ts';
import type { UploadsRepository } from './uploads.ts';
import type { SearchRepository } from './search.ts';
import type { TagsRepository } from './tags.ts';
import type { RolesRepository } from './roles.ts';
import type { MemberRolesRepository } from './member-roles.ts';
import type { LinkedRecordsRepository, TeamsRepository } from './teams.ts';
import type { TeamSpaceMembershipsRepository } from './team-space-memberships.ts';
import type { ContentResponseCache } from './content-responses.ts';
import type { WebhooksRepository } from './webhooks.ts';
import type { WebhookCallsRepository } from './webhook-calls.ts';
import type { EventsRepository } from './events.ts';
import type { ContentChange } from './content.ts';
import type { ScheduledActionsRepository } from './scheduled-actions.ts';
import type { UsageRepository } from './usage.ts';
import type { AppsRepository } from './apps.ts';

export type * from './records.ts';
export type * from './identity.ts';
export type * from './members.ts';
export type * from './spaces.ts';
export type * from './jobs.ts';
export type * from './environments.ts';
export type * from './locales.ts';
export type * from './api-keys.ts';
export type * from './content-types.ts';
export type * from './editor-interfaces.ts';
export type * from './extensions.ts';
export type * from './content.ts';
export type * from './entries.ts';
export type * from './assets.ts';
export type * from './uploads.ts';
export type * from './search.ts';
export type * from './tags.ts';
export type * from './roles.ts';
export type * from './member-roles.ts';
export type * from './teams.ts';
export type * from './team-space-memberships.ts';
export type * from './content-responses.ts';
export type * from './webhooks.ts';
export type * from './webhook-calls.ts';
export type * from './events.ts';
export type * from './scheduled-actions.ts';
export type * from './usage.ts';
export type * from './apps.ts';

/** Every repository, bound to one executor: the database, or one open transaction. */
export interface Repositories {
  identity: IdentityRepository;
  members: MembersRepository;
  spaces: SpacesRepository;
  environments: EnvironmentsRepository;
  locales: LocalesRepository;
  apiKeys: ApiKeysRepository;
  jobs: JobsRepository;
  contentTypes: ContentTypesRepository;
  editorInterfaces: EditorInterfacesRepository;
  extensions: ExtensionsRepository;
  entries: EntriesRepository;
  assets: AssetsRepository;
  snapshots: SnapshotsRepository;
  uploads: UploadsRepository;
  search: SearchRepository;
  tags: TagsRepository;
  roles: RolesRepository;
  /** The roles of a user's space membership, read-cached (the authorizer's one read for a member). */
  memberRoles: MemberRolesRepository;
  teams: TeamsRepository;
  /** Team space memberships and the derived space members. */
  teamSpaceMemberships: TeamSpaceMembershipsRepository;
  /** The linked resources of user-management collections (`include`). */
  linkedRecords: LinkedRecordsRepository;
  /** Webhook definitions and the spaces' signing secrets. */
  webhooks: WebhooksRepository;
  /** The content event stream (issue 22): recorded by the database, claimed by its consumers. */
  events: EventsRepository;
  /** The webhook call log and its pending deliveries. */
  webhookCalls: WebhookCallsRepository;
  /** Scheduled publishes and unpublishes of entries and assets. */
  scheduledActions: ScheduledActionsRepository;
  apps: AppsRepository;
  /** API requests counted per organization, space, metric and day (the Usage API). */
  usage: UsageRepository;
}

/** The storage port the domain depends on. */
export interface Storage {
  readonly kind: 'pglite' | 'postgres';
  readonly repos: Repositories;
  /** Undefined when responses are not cached (read cache off, or no budget for them). */
  readonly responses: ContentResponseCache | undefined;
  /**
   * Runs `work` in one transaction: all of it commits, or none of it does. `snapshot`: every statement reads the
   * database as of the first one (repeatable read), e.g. a copy of several tables; a row another transaction changed
   * since cannot be written (the transaction fails and can be run again). `change`: how the content events of the
   * transaction's writes describe their change (content writes pass it, through the domain's write path).
   */
  transaction<T>(
    work: (repos: Repositories) => Promise<T>,
    options?: { snapshot?: boolean; change?: ContentChange },
  ): Promise<T>;
  close(): Promise<void>;
}
