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

/** Calls of one webhook waiting to be sent, with what sending them needs. */
export interface PendingDeliveries { definition: WebhookDefinitionRecord; signingSecret: string | undefined; calls: WebhookCallRecord[]; }

export interface WebhookCallsRepository {
  /** Inserts pending calls; one that exists already (same webhook, event and attempt) is left as it is. */
  insertPending(calls: NewWebhookCall[]): Promise<void>;
  /**
   * Those of the calls of a webhook still waiting to be sent (not those recorded since), with the definition as it
   * is now and the space's signing secret, in one read; undefined when the webhook is gone.
   */
  findForDelivery(spaceId: string, webhookId: string, ids: string[]): Promise<PendingDeliveries | undefined>;
  /**
   * Records the outcomes of pending calls in one statement; answers the ids recorded (a call no longer pending, recorded
   * by an earlier run or deleted with its webhook, is not). Recorded calls older than their webhook's newest `keep` are
   * deleted from time to time; the reads below never show them.
   */
  record(spaceId: string, outcomes: Array<{ id: string; outcome: WebhookCallOutcome }>, keep: number): Promise<string[]>;
  /** Drops pending calls that will not be sent (their webhook was deactivated). */
  deletePending(spaceId: string, ids: string[]): Promise<void>;
  /** The newest `keep` recorded calls of a webhook, newest first. */
  list(spaceId: string, webhookId: string, page: { skip: number; limit: number }, keep: number): Promise<{ items: WebhookCallRecord[]; total: number }>;
  /** A recorded call of a webhook, while among its newest `keep`. */
  find(spaceId: string, webhookId: string, id: string, keep: number): Promise<WebhookCallRecord | undefined>;
  /** How many of the newest `keep` recorded calls of a webhook there are, and how many got a 2xx answer. */
  health(spaceId: string, webhookId: string, keep: number): Promise<{ total: number; healthy: number }>;
}
