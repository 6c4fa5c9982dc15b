import type { EntryRecord } from '../port/content.ts';
import type { AtOncePublish } from '../port/entries.ts';
import { insertOne, publishOne } from './entries-repository.ts';
import { insertEntries, type EntryInsert } from './entry-insert-batch.ts';
import { publishEntries } from './entry-publish-batch.ts';
import type { Executor } from './executor.ts';
import { writeBatcher, type WriteBatcherOptions } from './write-batcher.ts';

/**
 * The hot entry writes made outside transactions, grouped under load (write-batcher.ts): creates (and at-once
 * publishes) that arrive while one is in flight go to the database together, as one statement; one statement at a time per environment, so that
 * batches grow with the load. Each batch stays under the 50 rows below which the search-value triggers take their
 * few-rows path (migration 0013).
 */
export interface EntryWriteBatches {
  insert(values: EntryInsert): Promise<Record<string, unknown> | undefined>;
  publish(publish: AtOncePublish): Promise<EntryRecord | undefined>;
}

export const ENTRY_WRITE_BATCHING: WriteBatcherOptions = { maxBatch: 32, maxInFlight: 1 };

const environmentOf = (e: { spaceId: string; environmentId: string }) => `${e.spaceId}/${e.environmentId}`;

export function entryWriteBatches(db: Executor, options: WriteBatcherOptions = ENTRY_WRITE_BATCHING): EntryWriteBatches {
  return {
    insert: writeBatcher<EntryInsert, Record<string, unknown> | undefined>((values) => insertOne(db, values), (items) => insertEntries(db, items), options, environmentOf),
    publish: writeBatcher<AtOncePublish, EntryRecord | undefined>((p) => publishOne(db, p), (items) => publishEntries(db, items), options, environmentOf),
  };
}
