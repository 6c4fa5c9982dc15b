import type { ClaimedEvent } from './events.ts';
import type { WebhookDefinitionRecord } from './webhooks.ts';

/** One attempt to deliver an event to a webhook, as the call log shows it once sent. */
export interface WebhookCallRequestRecord {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** ms */ timeout: number;
}
export interface WebhookCallResponseRecord {
  url: string;
  headers: Record<string, string>;
  body: string;
  statusCode: number;
}

/** What every call about one dispatched event carries, stored once per event when it is dispatched. */
export interface WebhookEventPayload {
  /** The event (bigint as a decimal string). */
  eventId: string;
  spaceId: string;
  /** `ContentManagement.<Type>.<action>`. */
  topic: string;
  entityType: string;
  entityId: string;
  environmentId: string;
  actorId: string | null;
  eventAt: string;
  /** The scheduled action whose execution made the event (sent as `X-<Vendor>-Scheduled-Action-Id`), else null. */
  scheduledActionId: string | null;
  /** The body before any transformation, as JSON text: the entity as committed, rendered by the API presenters. */
  body: string;
}

/** An event's payload as the dispatcher stores it: the body as rendered, stored as its JSON text. */
export type NewWebhookEventPayload = Omit<WebhookEventPayload, 'body'> & { body: unknown };

/** A call waiting to be sent: attempt `attempt` of the event's call to one webhook. */
export interface PendingWebhookCall extends WebhookEventPayload {
  attempt: number;
}

/** Calls of one webhook waiting to be sent, with what sending them needs. */
export interface PendingDeliveries {
  definition: WebhookDefinitionRecord;
  signingSecret: string | undefined;
  calls: PendingWebhookCall[];
}

/** How one attempt went, recorded once it is over. */
export interface WebhookCallOutcome {
  /** The call's id in the log. */
  id: string;
  eventId: string;
  attempt: number;
  url: string;
  statusCode: number | null;
  /** e.g. `TimeoutError`, `ConnectionRefusedError`, `ConnectionResetError`, `NameResolutionError`. */
  errors: string[];
  /** `body` null: the event's payload as stored (no transformation changed it). */
  request: { method: string; headers: Record<string, string>; body: string | null; timeout: number };
  /** Null when no answer came. */
  response: { headers: Record<string, string>; body: string } | null;
  requestAt: string;
  responseAt: string | null;
}

/** A recorded attempt: what its event's payload says of the event, and how the attempt went. */
export interface WebhookCallRecord extends Omit<WebhookEventPayload, 'body' | 'scheduledActionId'> {
  id: string;
  webhookId: string;
  attempt: number;
  url: string;
  statusCode: number | null;
  errors: string[];
  request: WebhookCallRequestRecord;
  response: WebhookCallResponseRecord | null;
  requestAt: string;
  responseAt: string | null;
  createdAt: string;
}

/** A claimed event; `entity` only when an active webhook of its space subscribes to its topic. */
export type DispatchedEvent = ClaimedEvent;

/** What the dispatcher fans a batch out with, read in the statement that claims it. */
export interface DispatchBatch {
  events: DispatchedEvent[];
  /** The active definitions of the events' spaces. */
  definitions: WebhookDefinitionRecord[];
  /** Locale codes (in the order of the locales list) per `<space>/<environment>` of the events that have an entity. */
  localeCodes: Map<string, string[]>;
}

/**
 * One form of the topics that subscribe to an event (`<type>.<action>`): the event's own type or `*`, and its own
 * action or `*`.
 */
export type TopicForm = readonly ['type' | '*', 'action' | '*'];

export interface WebhookCallsRepository {
  /**
   * Claims up to `limit` undispatched content events, oldest first (`FOR UPDATE SKIP LOCKED`), and marks them
   * dispatched, with what matching and rendering them needs: call inside storage.transaction, with the writes of the
   * calls they make. auto_save events are claimed once `autoSaveWindowMs` old, each with the other waiting auto_saves
   * of its entity (same environment and requested environment): of those only the newest comes with its entity, the
   * others are marked dispatched without one (no calls). Only the events some definition subscribes to by one of the
   * `subscribing` topic forms (the domain's one definition of topic matching) come with their entity.
   */
  claimForDispatch(limit: number, autoSaveWindowMs: number, subscribing: readonly TopicForm[]): Promise<DispatchBatch>;
  /** Stores the payloads of dispatched events (an event's once). */
  insertPayloads(payloads: NewWebhookEventPayload[]): Promise<void>;
  /**
   * Deletes the payloads below the first event a queued or running job of `jobKind` names (such jobs name their
   * events in `eventIds`, ascending), those above event `after` only when given (where an earlier purge ended: the
   * rows it deleted stay in the index until a vacuum); how many, and the last event id deleted.
   */
  purgePayloads(jobKind: string, after?: string): Promise<{ deleted: number; upTo: string | undefined }>;
  /**
   * Attempt `attempt` of the calls of a webhook about `eventIds`, with the definition as it is now and the space's
   * signing secret, in one read; undefined when the webhook is gone. `unrecordedOnly`: without the attempts already
   * recorded (a job run again after a crash).
   */
  findForDelivery(
    spaceId: string,
    webhookId: string,
    eventIds: string[],
    attempt: number,
    unrecordedOnly: boolean,
  ): Promise<PendingDeliveries | undefined>;
  /**
   * Records the outcomes of attempts of one webhook's calls in one statement; answers the event ids recorded (an
   * attempt recorded before, or of a webhook deleted meanwhile, is not). Calls older than the webhook's newest `keep`
   * are deleted from time to time; the reads below never show them.
   */
  record(spaceId: string, webhookId: string, outcomes: WebhookCallOutcome[], keep: number): Promise<string[]>;
  /** The newest `keep` recorded calls of a webhook, newest first. */
  list(
    spaceId: string,
    webhookId: string,
    page: { skip: number; limit: number },
    keep: number,
  ): Promise<{ items: WebhookCallRecord[]; total: number }>;
  /** A recorded call of a webhook, while among its newest `keep`. */
  find(spaceId: string, webhookId: string, id: string, keep: number): Promise<WebhookCallRecord | undefined>;
  /** How many of the newest `keep` recorded calls of a webhook there are, and how many got a 2xx answer. */
  health(spaceId: string, webhookId: string, keep: number): Promise<{ total: number; healthy: number }>;
}
