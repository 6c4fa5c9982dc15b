import type { EntryRecord } from '../port/content.ts';
import { keyOf } from './batch-binding.ts';
import { insertOne, toEntry } from './entries-repository.ts';
import { insertEntries, type EntryInsert } from './entry-insert-batch.ts';
import { publishEntries, publishEntry, type PublishItem } from './entry-publish.ts';
import {
  findEntryRows,
  findLinkedEntries,
  rememberLinkTargets,
  together,
  type EntryIds,
  type LinkedEntry,
} from './entry-read-batch.ts';
import type { Executor } from './executor.ts';
import { statementBatcher, type BatcherOptions } from './statement-batcher.ts';

/**
 * The hot entry statements made outside transactions, grouped under load (statement-batcher.ts): creates,
 * publishes, reads by id and publish validation's link lookups that arrive while one of their kind is in flight go
 * to the database together, as one statement; one statement of a kind at a time per environment (writes: per
 * content type), so that batches grow with the load. Each batch stays under the 50 rows below which the
 * search-value triggers take their few-rows path (migration 0013).
 */
export interface EntryBatches {
  insert(values: EntryInsert): Promise<Record<string, unknown> | undefined>;
  publish(publish: PublishItem): Promise<EntryRecord | undefined>;
  find(key: EntryKey): Promise<EntryRecord | undefined>;
  linkedEntries(key: EntryIds): Promise<Map<string, LinkedEntry>>;
}

interface EntryKey {
  spaceId: string;
  environmentId: string;
  id: string;
}

const ENTRY_BATCHING: BatcherOptions = { maxBatch: 32, maxInFlight: 1 };

const environmentOf = (e: { spaceId: string; environmentId: string }) => keyOf(e.spaceId, e.environmentId);
/**
 * Writes lock their content type (publishes share it, creates key-share it): one that waits holds up only its type.
 * A write whose request named an alias goes in a statement of that path only (it sets the path for its events).
 */
const contentTypeOf = (e: {
  spaceId: string;
  environmentId: string;
  contentTypeId: string;
  requestedEnvironmentId?: string;
}) =>
  e.requestedEnvironmentId === undefined
    ? keyOf(e.spaceId, e.environmentId, e.contentTypeId)
    : keyOf(e.spaceId, e.environmentId, e.contentTypeId, e.requestedEnvironmentId);

export function entryBatches(db: Executor, options: BatcherOptions = ENTRY_BATCHING): EntryBatches {
  const findTogether = together(findEntryRows, db);
  // Alone or together, one statement that also reads the targets of the entry's draft links (entry-read-batch.ts).
  const findEntries = async (keys: EntryKey[]) =>
    (await findTogether(keys.map((k) => ({ ...k, ids: [k.id] })))).map((found, i) => {
      const row = found.get(keys[i]!.id);
      if (!row) return undefined;
      const entry = toEntry(row);
      rememberLinkTargets(entry, row);
      return entry;
    });
  return {
    find: statementBatcher<EntryKey, EntryRecord | undefined>(
      (k) => findEntries([k]).then(([found]) => found),
      findEntries,
      options,
      environmentOf,
    ),
    linkedEntries: statementBatcher(
      (k: EntryIds) => findLinkedEntries(db, k),
      together(findLinkedEntries, db),
      options,
      environmentOf,
    ),
    insert: statementBatcher<EntryInsert, Record<string, unknown> | undefined>(
      (values) => insertOne(db, values),
      (items) => insertEntries(db, items),
      options,
      contentTypeOf,
    ),
    publish: statementBatcher<PublishItem, EntryRecord | undefined>(
      (p) => publishEntry(db, p),
      (items) => publishEntries(db, items),
      options,
      contentTypeOf,
    ),
  };
}
