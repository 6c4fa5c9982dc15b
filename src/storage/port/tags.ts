import type { Audit, AuditKey, Page, PageRequest } from './records.ts';

export type TagVisibility = 'public' | 'private';

/** A tag of one environment: an immutable id and visibility, a name unique in the environment. */
export interface TagRecord extends Audit {
  spaceId: string;
  environmentId: string;
  id: string;
  name: string;
  visibility: TagVisibility;
  version: number;
}

export type NewTag = Pick<TagRecord, 'spaceId' | 'environmentId' | 'id' | 'name' | 'visibility'> & {
  createdBy: string;
};

/** What tag lists order and filter by. */
export type TagOrderKey = AuditKey | 'name' | 'id' | 'visibility';

/** Why a tag could not be deleted; undefined from `delete` means it was deleted. */
export type TagDeleteRefusal = 'missing' | 'version' | 'referenced';

/** Tags of one environment. */
export interface TagsRepository {
  page(spaceId: string, environmentId: string, page: PageRequest<TagOrderKey>): Promise<Page<TagRecord>>;
  /** Every tag of the environment, by id (an environment has few: they label content). */
  list(spaceId: string, environmentId: string): Promise<TagRecord[]>;
  find(spaceId: string, environmentId: string, id: string): Promise<TagRecord | undefined>;
  /** Inserts at version 1; `idTaken` or `nameTaken` when another tag of the environment has that id or name. */
  insert(tag: NewTag): Promise<TagRecord | 'idTaken' | 'nameTaken'>;
  /** Renames at `expectedVersion` (version + 1); undefined when the tag is gone or at another version. */
  rename(
    spaceId: string,
    environmentId: string,
    id: string,
    name: string,
    expectedVersion: number,
    userId: string,
  ): Promise<TagRecord | 'nameTaken' | undefined>;
  /**
   * Deletes the tag at `expectedVersion` unless an entry or asset (draft or published) carries it; answers why
   * not otherwise. Run it in a transaction: it locks the tag first, then checks and deletes in one statement.
   */
  delete(
    spaceId: string,
    environmentId: string,
    id: string,
    expectedVersion: number,
  ): Promise<TagDeleteRefusal | undefined>;
}
