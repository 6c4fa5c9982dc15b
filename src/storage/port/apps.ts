/** An app definition of an organization. `locations` and `parameters` are stored as the API validated them. */
export interface AppDefinitionRecord {
  id: string;
  organizationId: string;
  name: string;
  src: string | null;
  locations: unknown[] | null;
  parameters: Record<string, unknown> | null;
  version: number;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export type AppDefinitionFields = Pick<AppDefinitionRecord, 'name' | 'src' | 'locations' | 'parameters'>;

/** A public key of an app: its fingerprint (`jwk.kid`) is unique among every app's keys. */
export interface AppKeyRecord {
  fingerprint: string;
  appDefinitionId: string;
  organizationId: string;
  jwk: Record<string, unknown>;
  publicKeyPem: string;
  createdBy: string | null;
  createdAt: string;
}

export interface AppEventSubscriptionRecord {
  appDefinitionId: string;
  organizationId: string;
  targetUrl: string;
  topics: string[];
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AppInstallationRecord {
  spaceId: string;
  environmentId: string;
  appDefinitionId: string;
  organizationId: string;
  parameters: Record<string, unknown> | null;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What an app access token stands for, looked up by its hash. */
export interface AppAccessTokenRecord {
  spaceId: string;
  environmentId: string;
  appDefinitionId: string;
  expiresAt: string;
}

/** An event of a batch, as the lookup of the apps subscribed to it reads it. */
export interface AppEventKey {
  eventId: string;
  spaceId: string;
  /** The environment written (an alias's target): installations name it. */
  environmentId: string;
  /** `<Type>.<action>`, as subscriptions name it (no wildcards). */
  topic: string;
  occurredAt: Date;
}

/** The apps subscribed to the events of a batch, and the locale codes of the environments of those events. */
export interface AppEventSubscribers {
  /** One per event and app, in event order. */
  matches: Array<{ eventId: string; appDefinitionId: string }>;
  /** By `<space>/<environment>`: the environment's locale codes, in their order (entries' and assets' `fieldStatus`). */
  localeCodes: Map<string, string[]>;
}

/** Where an app's event calls go now. */
export interface AppEventTarget {
  targetUrl: string;
  topics: string[];
}

export interface AppsRepository {
  listDefinitions(
    organizationId: string,
    page: { skip: number; limit: number },
  ): Promise<{ items: AppDefinitionRecord[]; total: number }>;
  findDefinition(organizationId: string, id: string): Promise<AppDefinitionRecord | undefined>;
  /** An app definition by id alone (an app's JWT names only its id). */
  findDefinitionById(id: string): Promise<AppDefinitionRecord | undefined>;
  insertDefinition(
    record: AppDefinitionFields & { id: string; organizationId: string; actorId: string },
  ): Promise<AppDefinitionRecord>;
  /** Replaces the fields when the version matches (version + 1); undefined when it does not or the app is gone. */
  updateDefinition(
    organizationId: string,
    id: string,
    version: number,
    fields: AppDefinitionFields,
    actorId: string,
  ): Promise<AppDefinitionRecord | undefined>;
  /** Deletes the app with its keys, subscription, installations and their tokens; false when there was none. */
  deleteDefinition(organizationId: string, id: string): Promise<boolean>;

  listKeys(appDefinitionId: string): Promise<AppKeyRecord[]>;
  /** The key with that fingerprint, of any app. */
  findKey(fingerprint: string): Promise<AppKeyRecord | undefined>;
  /**
   * Adds a key unless the app has `max` already or another app has it: `tooMany`, `taken`. Locks the app's row, so
   * two concurrent adds never pass the limit.
   */
  insertKey(
    key: Omit<AppKeyRecord, 'createdAt' | 'organizationId'>,
    max: number,
  ): Promise<AppKeyRecord | 'tooMany' | 'taken'>;
  deleteKey(appDefinitionId: string, fingerprint: string): Promise<boolean>;

  findEventSubscription(appDefinitionId: string): Promise<AppEventSubscriptionRecord | undefined>;
  /** Sets the subscription; `created` when there was none. */
  upsertEventSubscription(
    appDefinitionId: string,
    fields: { targetUrl: string; topics: string[] },
    actorId: string,
  ): Promise<{ record: AppEventSubscriptionRecord; created: boolean }>;
  deleteEventSubscription(appDefinitionId: string): Promise<boolean>;
  /**
   * The apps a batch of events goes to, in one statement: for each event, the apps installed in its space and
   * environment whose subscription names its topic, installation and subscription both made before the event (an
   * app hears of what happens after it subscribed, not of events still waiting when it did).
   */
  findEventSubscribers(events: AppEventKey[]): Promise<AppEventSubscribers>;
  /** The app's subscription while it is installed in the environment; undefined once uninstalled or unsubscribed. */
  findEventTarget(spaceId: string, environmentId: string, appDefinitionId: string): Promise<AppEventTarget | undefined>;

  listInstallations(
    spaceId: string,
    environmentId: string,
    page: { skip: number; limit: number },
  ): Promise<{ items: AppInstallationRecord[]; total: number }>;
  findInstallation(
    spaceId: string,
    environmentId: string,
    appDefinitionId: string,
  ): Promise<AppInstallationRecord | undefined>;
  /** Installs the app or replaces the installation's parameters; `created` on the first install. */
  upsertInstallation(
    installation: Pick<AppInstallationRecord, 'spaceId' | 'environmentId' | 'appDefinitionId' | 'parameters'>,
    actorId: string,
  ): Promise<{ record: AppInstallationRecord; created: boolean }>;
  /** Uninstalls the app (its tokens go with it); false when it was not installed. */
  deleteInstallation(spaceId: string, environmentId: string, appDefinitionId: string): Promise<boolean>;

  /** Stores an issued app access token by its hash (and drops expired ones of the installation). */
  insertAccessToken(tokenHash: string, token: AppAccessTokenRecord): Promise<void>;
  /** The unexpired token with that hash, if any. */
  findAccessToken(tokenHash: string): Promise<AppAccessTokenRecord | undefined>;
}
