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
