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
}

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
  /** Locks up to `limit` undispatched events, oldest first, FOR UPDATE SKIP LOCKED: call inside storage.transaction. */
  claimUndispatched(limit: number): Promise<ContentEventRecord[]>;
  markDispatched(ids: string[]): Promise<void>;
  /**
   * True when an undispatched event exists that a dispatch may claim now (cheap; the dispatcher's poll): auto_save
   * events count only once they are `autoSaveWindowMs` old (default 0: at once), as the dispatch claims them.
   */
  hasUndispatched(autoSaveWindowMs?: number): Promise<boolean>;
  /** For tests and tools: events of a space in id order. */
  listForSpace(spaceId: string, options?: { afterId?: string; limit?: number }): Promise<ContentEventRecord[]>;
  /**
   * Deletes the dispatched events that occurred before `before`, oldest first, in statements of at most `batch` rows
   * (SKIP LOCKED: purges in several processes share the work); answers how many. Undispatched events are kept.
   */
  purgeDispatched(before: Date, batch: number): Promise<number>;
  /** Describes the writes of the current transaction that follow (call inside storage.transaction). */
  describeTransaction(description: TransactionDescription): Promise<void>;
}
