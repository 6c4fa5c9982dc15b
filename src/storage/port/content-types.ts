import type { ContentTypeDefinition, FieldDefinition } from '../../domain/content-model/field.ts';
import type { LocalizedFields } from './content.ts';
import type { Audit, AuditKey, Page, PageRequest } from './records.ts';

/** Publishing metadata shared by content types, entries and assets. */
export interface PublishState {
  version: number;
  publishedVersion: number | null;
  publishedCounter: number;
  publishedAt: string | null;
  publishedBy: string | null;
  firstPublishedAt: string | null;
}

export interface ContentTypeRecord extends Audit, PublishState {
  spaceId: string;
  environmentId: string;
  id: string;
  name: string;
  description: string | null;
  displayField: string | null;
  fields: FieldDefinition[];
  /**
   * The activated definition, or null while the content type has never been activated or is deactivated.
   * Its `id` is always filled in with the content type id.
   */
  published: ContentTypeDefinition | null;
}

/** What content type lists order and filter by. */
export type ContentTypeOrderKey =
  | AuditKey
  | 'id'
  | 'name'
  | 'publishedVersion'
  | 'publishedAt'
  | 'firstPublishedAt'
  | 'publishedCounter'
  | 'publishedBy';

/** A new content type: a draft definition, version 1, never activated. */
export interface NewContentType {
  spaceId: string;
  environmentId: string;
  id: string;
  definition: ContentTypeDefinition;
  createdBy: string;
}

/** What an activation writes besides the content type row: the entries' data follows renames and removals. */
export interface ActivationWrite {
  definition: ContentTypeDefinition;
  removedFieldIds: string[];
  renames: Array<[string, string]>;
}

/** Content types of one environment. */
export interface ContentTypesRepository {
  find(spaceId: string, environmentId: string, id: string): Promise<ContentTypeRecord | undefined>;
  /** Content types in the requested order; `activatedOnly` keeps those with an activated definition. */
  page(
    spaceId: string,
    environmentId: string,
    page: PageRequest<ContentTypeOrderKey>,
    options?: { activatedOnly?: boolean },
  ): Promise<Page<ContentTypeRecord>>;
  /** Inserts a new content type; undefined when the id is taken. */
  insert(contentType: NewContentType): Promise<ContentTypeRecord | undefined>;
  /** Replaces the draft definition when `expectedVersion` is current; undefined otherwise (or when gone). */
  update(
    spaceId: string,
    environmentId: string,
    id: string,
    definition: ContentTypeDefinition,
    expectedVersion: number,
    userId: string,
  ): Promise<ContentTypeRecord | undefined>;
  /**
   * Activates at `expectedVersion`: draft and activated definition become `write.definition`, publish state moves on,
   * and every entry of the content type drops removed fields and renames keys (draft and published data, link index).
   * Undefined when the version is not current. Run inside a transaction.
   */
  activate(
    spaceId: string,
    environmentId: string,
    id: string,
    expectedVersion: number,
    write: ActivationWrite,
    userId: string,
  ): Promise<ContentTypeRecord | undefined>;
  /** Clears the activated definition (version + 1); undefined when the content type is gone or not active. */
  deactivate(
    spaceId: string,
    environmentId: string,
    id: string,
    userId: string,
  ): Promise<ContentTypeRecord | undefined>;
  /** Locks the content type row until the transaction ends (activation, deactivation and deletion serialise on it). */
  lock(spaceId: string, environmentId: string, id: string): Promise<ContentTypeRecord | undefined>;
  /** Shares the row lock until the transaction ends: publishing an entry holds it against a concurrent activation. */
  lockShared(spaceId: string, environmentId: string, id: string): Promise<ContentTypeRecord | undefined>;
  /** Whether any entry of the content type exists. */
  hasEntries(spaceId: string, environmentId: string, id: string): Promise<boolean>;
  /**
   * The published values of `fieldIds` (other fields left out) of the content type's published entries, at most
   * `limit` in id order after `afterId`: activation reads them in batches to check what the new definition requires.
   */
  publishedEntryFields(
    spaceId: string,
    environmentId: string,
    id: string,
    fieldIds: string[],
    afterId: string | null,
    limit: number,
  ): Promise<Array<{ id: string; fields: LocalizedFields }>>;
  delete(spaceId: string, environmentId: string, id: string): Promise<boolean>;
}
