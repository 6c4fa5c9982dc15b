import type { WebhookDefinitionRecord } from './webhooks.ts';

/** One attempt to deliver an event to a webhook, as the call log shows it once sent. */
export interface WebhookCallRequestRecord { url: string; method: string; headers: Record<string, string>; body: string; /** ms */ timeout: number; }
export interface WebhookCallResponseRecord { url: string; headers: Record<string, string>; body: string; statusCode: number; }

export type WebhookCallStatus = 'pending' | 'done';

/** What the dispatcher decides for one (event, webhook): everything the request is later built from. */
export interface NewWebhookCall {
  spaceId: string;
  id: string;
  webhookId: string;
  /** The event (bigint as a decimal string). */
  eventId: string;
  attempt: number;
  /** `ContentManagement.<Type>.<action>`. */
  topic: string;
  entityType: string;
  entityId: string;
  environmentId: string;
  actorId: string | null;
  eventAt: string;
  /** The body before any transformation: the entity as committed, rendered by the API presenters. */
  payload: unknown;
}

export interface WebhookCallOutcome {
  url: string;
  statusCode: number | null;
  /** e.g. `TimeoutError`, `ConnectionRefusedError`, `ConnectionResetError`, `NameResolutionError`. */
  errors: string[];
  request: WebhookCallRequestRecord;
  response: WebhookCallResponseRecord | null;
  requestAt: string;
  responseAt: string | null;
}

export interface WebhookCallRecord extends NewWebhookCall {
  status: WebhookCallStatus;
  url: string | null;
  statusCode: number | null;
  errors: string[];
  request: WebhookCallRequestRecord | null;
  response: WebhookCallResponseRecord | null;
  requestAt: string | null;
  responseAt: string | null;
  createdAt: string;
}

export interface PendingDelivery { call: WebhookCallRecord; definition: WebhookDefinitionRecord; signingSecret: string | undefined; }

export interface WebhookCallsRepository {
  /** Inserts pending calls; one that exists already (same webhook, event and attempt) is left as it is. */
  insertPending(calls: NewWebhookCall[]): Promise<void>;
  /**
   * A call still waiting to be sent (undefined once recorded, or gone with its webhook) with what sending it needs,
   * in one read: its definition as it is now and the space's signing secret.
   */
  findForDelivery(spaceId: string, id: string): Promise<PendingDelivery | undefined>;
  /**
   * Records the outcome of a pending call and keeps only the newest `keep` recorded calls of its webhook; false when
   * the call was no longer pending (recorded by an earlier run, or deleted with its webhook).
   */
  record(spaceId: string, id: string, outcome: WebhookCallOutcome, keep: number): Promise<boolean>;
  /** Drops a pending call that will not be sent (its webhook was deactivated). */
  deletePending(spaceId: string, id: string): Promise<void>;
  /** Recorded calls of a webhook, newest first. */
  list(spaceId: string, webhookId: string, page: { skip: number; limit: number }): Promise<{ items: WebhookCallRecord[]; total: number }>;
  /** A recorded call of a webhook. */
  find(spaceId: string, webhookId: string, id: string): Promise<WebhookCallRecord | undefined>;
  /** Recorded calls of a webhook, and how many of them got an answer below 300. */
  health(spaceId: string, webhookId: string): Promise<{ total: number; healthy: number }>;
}
