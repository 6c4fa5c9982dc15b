import type { AssetRecord, EntryRecord } from './content.ts';
import type { ContentTypeRecord } from './content-types.ts';

export type EventEntityType = 'Entry' | 'Asset' | 'ContentType';
export type EventAction =
  'create' | 'save' | 'auto_save' | 'archive' | 'unarchive' | 'publish' | 'unpublish' | 'delete';

/**
 * One change of an entry, asset or content type, recorded in the transaction of the change (every write path) and
 * never changed afterwards. Environment copies and environment or space deletions record none.
 */
export interface ContentEventRecord {
  /** bigint as a decimal string; ordering by BigInt(id). */
  id: string;
  spaceId: string;
  environmentId: string;
  /**
   * The environment id the request that made the change named: the alias id when it went through an alias, else
   * `environmentId` (also for changes made without a request). Webhook payloads and filters see this one.
   */
  requestedEnvironmentId: string;
  entityType: EventEntityType;
  entityId: string;
  action: EventAction;
  /** The entity as committed (a delete: as it was before), mapped by the same row mappers as the repositories. */
  entity: EntryRecord | AssetRecord | ContentTypeRecord;
  actorId: string | null;
  occurredAt: Date;
  /** The scheduled action whose execution made the change, else null. */
  scheduledActionId: string | null;
}

/** A claimed event, with its entity or (when the claim did not want it) without. */
export type ClaimedEvent = Omit<ContentEventRecord, 'entity'> & { entity: ContentEventRecord['entity'] | undefined };

/** What the current transaction's writes record (transaction-local: it ends with the transaction). */
export interface TransactionDescription {
  /** Saves record `auto_save` instead of `save`. */
  action?: 'auto_save';
  /** The actor of deletes (other actions take theirs from the row). */
  actorId?: string;
  /** Record no events at all. */
  off?: true;
  /**
   * The environment id the request named, when it is not the id of the environment written (an alias id): the
   * events of the writes that follow record it. Leave it out otherwise (nothing is set: the common path pays nothing).
   */
  requestedEnvironmentId?: string;
}

export interface EventsRepository {
  /**
   * The next events of a consumer of the stream (its name, e.g. `app-events`), at most `limit`, in the order their
   * transactions committed, and moves its progress past them. Call inside the storage.transaction that does the work
   * (or enqueues its jobs): a rollback gives the events back; the consumer's claims run one at a time (a second
   * waits for the first to end). Never answers an event behind one a still-running transaction may commit. A consumer
   * not seen before starts at the oldest event kept. The webhook dispatcher has its own claim
   * (`WebhookCallsRepository.claimForDispatch`).
   */
  claimForConsumer(consumer: string, limit: number): Promise<ContentEventRecord[]>;
  /**
   * As `claimForConsumer`, but only the events of environments where some app is installed come with their entity:
   * the others (all of them while no app is installed anywhere) are neither read nor parsed.
   */
  claimForConsumer(consumer: string, limit: number, entities: 'appEnvironments'): Promise<ClaimedEvent[]>;
  /**
   * True when the consumer may have events to claim (cheap, no lock and no write: a consumer's poll): an event past
   * its progress that a claim may answer now. True for a consumer not seen before while any event is kept.
   */
  hasForConsumer(consumer: string): Promise<boolean>;
  /**
   * True when an undispatched event exists that a dispatch may claim now (cheap; the dispatcher's poll): auto_save
   * events count only once they are `autoSaveWindowMs` old (default 0: at once), as the dispatch claims them.
   */
  hasUndispatched(autoSaveWindowMs?: number): Promise<boolean>;
  /** For tests and tools: events of a space in id order. */
  listForSpace(spaceId: string, options?: { afterId?: string; limit?: number }): Promise<ContentEventRecord[]>;
  /**
   * Deletes the events that occurred before `before` and every consumer is done with (dispatched, and behind every
   * consumer's progress), oldest first, in statements of at most `batch` rows (SKIP LOCKED: purges in several
   * processes share the work); answers how many. Events some consumer has not claimed yet are kept.
   */
  purgeConsumed(before: Date, batch: number): Promise<number>;
  /** Describes the writes of the current transaction that follow (call inside storage.transaction). */
  describeTransaction(description: TransactionDescription): Promise<void>;
  /**
   * Marks the events the current transaction recorded so far as made by the scheduled action `actionId` (call inside
   * storage.transaction, after its writes).
   */
  attributeToScheduledAction(actionId: string): Promise<void>;
}
