import type { Audit, AuditKey, Page, PageRequest } from './records.ts';

/** The entity properties webhook filters read (`doc` of a constraint). */
export type WebhookFilterPath =
  'sys.id' | 'sys.environment.sys.id' | 'sys.contentType.sys.id' | 'sys.createdBy.sys.id' | 'sys.updatedBy.sys.id';

export interface WebhookFilterDoc {
  doc: WebhookFilterPath;
}

/** One comparison of a filter. */
export type WebhookFilterConstraint =
  | { equals: [WebhookFilterDoc, string] }
  | { in: [WebhookFilterDoc, string[]] }
  | { regexp: [WebhookFilterDoc, { pattern: string }] };

/** One filter of a definition (all of a definition's filters must hold). */
export type WebhookFilter = WebhookFilterConstraint | { not: WebhookFilterConstraint };

export type WebhookMethod = 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE';

/** A transformation as stored: only the properties given (a left-out or null property means the default). */
export interface WebhookTransformation {
  method?: WebhookMethod;
  contentType?: string;
  includeContentLength?: boolean;
  /** Any JSON, kept as sent (key order included). */
  body?: unknown;
}

/** A custom header; secret values are stored like the others and never leave the server in answers. */
export interface WebhookHeader {
  key: string;
  value: string;
  secret: boolean;
}

export interface WebhookDefinitionRecord extends Audit {
  spaceId: string;
  id: string;
  name: string;
  url: string;
  topics: string[];
  /** Null: the master environment only; `[]`: every environment. */
  filters: WebhookFilter[] | null;
  headers: WebhookHeader[];
  httpBasicUsername: string | null;
  httpBasicPassword: string | null;
  active: boolean;
  transformation: WebhookTransformation | null;
  version: number;
}

/** What webhook definition lists order and filter by. */
export type WebhookDefinitionOrderKey = AuditKey | 'id' | 'name' | 'url' | 'active';

export type NewWebhookDefinition = Omit<WebhookDefinitionRecord, 'version' | 'createdAt' | 'updatedAt' | 'updatedBy'>;
export type WebhookDefinitionChanges = Pick<
  WebhookDefinitionRecord,
  | 'name'
  | 'url'
  | 'topics'
  | 'filters'
  | 'headers'
  | 'httpBasicUsername'
  | 'httpBasicPassword'
  | 'active'
  | 'transformation'
>;

/** The signing secret of a space (one per space): webhook calls of the space are signed with `value`. */
export interface WebhookSigningSecretRecord extends Audit {
  spaceId: string;
  value: string;
  version: number;
}

/** Webhook definitions and the signing secrets of spaces. */
export interface WebhooksRepository {
  /** Undefined when a definition with this id already exists in the space. */
  insert(definition: NewWebhookDefinition): Promise<WebhookDefinitionRecord | undefined>;
  page(spaceId: string, page: PageRequest<WebhookDefinitionOrderKey>): Promise<Page<WebhookDefinitionRecord>>;
  find(spaceId: string, id: string): Promise<WebhookDefinitionRecord | undefined>;
  /** Replaces the definition when `expectedVersion` is current (version + 1); undefined otherwise. */
  update(
    spaceId: string,
    id: string,
    changes: WebhookDefinitionChanges,
    expectedVersion: number,
    userId: string,
  ): Promise<WebhookDefinitionRecord | undefined>;
  delete(spaceId: string, id: string): Promise<boolean>;
  /** The signing secret's value, for signing calls. */
  signingSecret(spaceId: string): Promise<string | undefined>;
  findSigningSecret(spaceId: string): Promise<WebhookSigningSecretRecord | undefined>;
  /** Sets or replaces the secret (version 1 when set, + 1 per replacement). */
  putSigningSecret(spaceId: string, value: string, userId: string): Promise<WebhookSigningSecretRecord>;
  deleteSigningSecret(spaceId: string): Promise<boolean>;
}
