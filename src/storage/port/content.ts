import type { Audit } from './records.ts';
import type { PublishState } from './content-types.ts';

/** `{fieldId: {localeCode: value}}`, the shape of entry and asset fields in the Management API. */
export type LocalizedFields = Record<string, Record<string, unknown>>;

export interface ArchiveState {
  archivedVersion: number | null;
  archivedAt: string | null;
  archivedBy: string | null;
}

/** An entry or asset row: the draft and, when published, the published snapshot side by side. */
export interface ContentRecord extends Audit, PublishState, ArchiveState {
  spaceId: string;
  environmentId: string;
  id: string;
  fields: LocalizedFields;
  tags: string[];
  publishedFields: LocalizedFields | null;
  publishedTags: string[] | null;
}

export interface EntryRecord extends ContentRecord {
  contentTypeId: string;
}
export type AssetRecord = ContentRecord;

/**
 * How one write of content (an entry, asset or content type) describes its change to the event stream, beyond what
 * its rows say. The domain's write path builds it once per write; the adapter records it, in the statement or for
 * the transaction. Empty on the common path: nothing is recorded then.
 */
export interface ContentChange {
  /** The environment id the request named, when it is not that of the environment written (an alias id). */
  requestedEnvironmentId?: string;
  /** A save the client marked as automatic: its event is `auto_save` instead of `save`. */
  autoSave?: boolean;
  /** The actor of a delete (other events take theirs from the row written). */
  actorId?: string;
}
