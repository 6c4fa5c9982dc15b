import type { ContentChange, EntryRecord, LocalizedFields } from './content.ts';
import type { Page } from './records.ts';

/** What publish-time validation needs to know about other content, answered by the storage layer in batches. */
export interface ValidationLookups {
  /** Entries that exist (in the same environment) by id, with their content type and whether they are published. */
  entries(ids: string[]): Promise<Map<string, { contentTypeId: string; published: boolean }>>;
  /** Assets that exist by id, with what asset validations check. */
  assets(ids: string[]): Promise<
    Map<
      string,
      {
        published: boolean;
        files: Record<string, { contentType?: string; size?: number; width?: number; height?: number }>;
      }
    >
  >;
  /** True when another published entry of the content type has this value for the field and locale. */
  uniqueTaken(
    contentTypeId: string,
    fieldId: string,
    locale: string,
    value: unknown,
    exceptEntryId: string,
  ): Promise<boolean>;
}

/** What a client writes to an entry or asset: its draft fields and tag ids. */
export interface ContentDraft {
  fields: LocalizedFields;
  tags: string[];
}

/**
 * Conditional writes shared by entries and assets. Each adds 1 to `version` and answers the row written, or
 * undefined when the row is missing or its condition does not hold (the caller reads the row again to say why).
 */
export interface ContentLifecycle<R> {
  find(spaceId: string, environmentId: string, id: string): Promise<R | undefined>;
  /** Replaces the draft fields and tags when the row is at `expectedVersion`. */
  update(
    spaceId: string,
    environmentId: string,
    id: string,
    draft: ContentDraft,
    expectedVersion: number,
    userId: string,
  ): Promise<R | undefined>;
  /** Copies the draft to the published side when the row is at `expectedVersion` and not archived. */
  publish(
    spaceId: string,
    environmentId: string,
    id: string,
    expectedVersion: number,
    userId: string,
  ): Promise<R | undefined>;
  /** Clears the published side when the row is published. */
  unpublish(spaceId: string, environmentId: string, id: string, userId: string): Promise<R | undefined>;
  /** Archives a row that is neither published nor archived (at `expectedVersion` when given). */
  archive(
    spaceId: string,
    environmentId: string,
    id: string,
    expectedVersion: number | undefined,
    userId: string,
  ): Promise<R | undefined>;
  /** Unarchives an archived row (at `expectedVersion` when given). */
  unarchive(
    spaceId: string,
    environmentId: string,
    id: string,
    expectedVersion: number | undefined,
    userId: string,
  ): Promise<R | undefined>;
  /** Deletes a row that is not published; false when there is none such. */
  delete(spaceId: string, environmentId: string, id: string): Promise<boolean>;
  /**
   * The ids among `tagIds` that name no tag of the environment. In a transaction the known tags stay locked
   * (FOR SHARE) until it ends, so a tag cannot be deleted between this check and the write that carries it.
   */
  unknownTags(spaceId: string, environmentId: string, tagIds: string[]): Promise<string[]>;
}

/** The conditional writes of entries: those of `ContentLifecycle` but its publish (entries publish as validated). */
export type ContentTransitions<R> = Omit<ContentLifecycle<R>, 'publish'>;

export interface NewContent extends ContentDraft {
  spaceId: string;
  environmentId: string;
  id: string;
  createdBy: string;
}

export interface NewEntry extends NewContent {
  contentTypeId: string;
  /** How the insert's event describes the change (the path the request named); the insert records it itself. */
  change?: ContentChange;
}

export type LinkState = 'draft' | 'published';

/** The publish of an entry's draft as it was validated (`EntriesRepository.publishValidated`). */
export interface EntryPublish {
  spaceId: string;
  environmentId: string;
  id: string;
  contentTypeId: string;
  expectedVersion: number;
  /** The published version of the content type the draft was validated against. */
  activationVersion: number;
  userId: string;
  /** The link-bearing fields of the draft being published. */
  links: LocalizedFields;
  /** The snapshot to record (publishes in the master environment). */
  snapshot?: { id: string; createdBy: string };
  /**
   * The record validated. When it is one `writtenBasis` answered (not read again), the publish also writes only if the
   * row and the entries its links point to are still as they were then.
   */
  basis?: EntryRecord;
  /** How the publish's event describes the change (the path the request named); the statement records it itself. */
  change?: ContentChange;
}

/** Entries of one environment, with the reverse link index and the lookups of publish-time validation. */
export interface EntriesRepository extends ContentTransitions<EntryRecord> {
  /**
   * Inserts an entry at version 1, with the draft's rows of the reverse link index for every link found in `links`
   * (the fields that can hold links), in one statement; undefined when the id is taken (nothing is written).
   */
  insert(entry: NewEntry, links?: LocalizedFields): Promise<EntryRecord | undefined>;
  /**
   * The entry as this process's own create left it, when that was at `version`: not read again, so only ever the
   * `basis` of a `publishValidated`, which checks that it still holds. Undefined when the adapter cannot tell.
   */
  writtenBasis?(spaceId: string, environmentId: string, id: string, version: number): EntryRecord | undefined;
  /**
   * Publishes the entry's draft as validated, in one statement, the only publish of entries: shares the content
   * type's row lock (the one an activation holds while it checks the published entries) and writes only if the
   * content type is still at `activationVersion`, the entry at `expectedVersion` and not archived, and the `basis`
   * still holds; with the row, the published rows of the link index become those of `links` and `snapshot` is
   * recorded. Undefined when nothing was written (the caller finds out why). Outside a transaction, concurrent
   * publishes may share one statement.
   */
  publishValidated(publish: EntryPublish): Promise<EntryRecord | undefined>;
  /**
   * Replaces the entry's rows of the reverse link index for one state with every link found in `fields`
   * (`null`: none). Call it in the transaction that wrote the fields. `created`: the entry was inserted in this
   * transaction, so it has no rows yet to replace.
   */
  replaceLinks(
    spaceId: string,
    environmentId: string,
    entryId: string,
    state: LinkState,
    fields: LocalizedFields | null,
    created?: boolean,
  ): Promise<void>;
  /**
   * Answers publish-time validation's questions about the other content of the environment, in batches. `entry`:
   * the entry being validated, as `find` answered it; what its links point to may have been read with it.
   */
  validationLookups(spaceId: string, environmentId: string, entry?: EntryRecord): ValidationLookups;
  /** Serialises publishes of one content type until the transaction ends, so `unique` is checked against committed data. */
  lockContentTypePublishing(spaceId: string, environmentId: string, contentTypeId: string): Promise<void>;
}

export type SnapshotEntityType = 'Entry' | 'ContentType';

/** An entity as it was published, kept in the master environment. `snapshot` is the stored record as JSON. */
export interface SnapshotRecord {
  spaceId: string;
  environmentId: string;
  id: string;
  entityType: SnapshotEntityType;
  entityId: string;
  snapshot: Record<string, unknown>;
  createdBy: string | null;
  createdAt: string;
}

export interface SnapshotsRepository {
  insert(snapshot: Omit<SnapshotRecord, 'createdAt'>): Promise<SnapshotRecord>;
  /** Snapshots of one entity, newest first. */
  page(
    spaceId: string,
    environmentId: string,
    entityType: SnapshotEntityType,
    entityId: string,
    page: { skip: number; limit: number },
  ): Promise<Page<SnapshotRecord>>;
  find(
    spaceId: string,
    environmentId: string,
    entityType: SnapshotEntityType,
    entityId: string,
    id: string,
  ): Promise<SnapshotRecord | undefined>;
  /** Deletes every snapshot of one entity (with the entity). */
  deleteFor(spaceId: string, environmentId: string, entityType: SnapshotEntityType, entityId: string): Promise<void>;
}
