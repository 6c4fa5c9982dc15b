import type { Page, PageRequest, SpaceRecord } from './records.ts';

export type SpaceOrderKey = 'createdAt' | 'updatedAt' | 'name' | 'id';

/** What one user may do in one space. */
export interface SpaceAccess { space: SpaceRecord; admin: boolean; }

export interface SpacesRepository {
  insert(space: { id: string; organizationId: string; name: string; createdBy: string }): Promise<SpaceRecord>;
  find(id: string): Promise<SpaceRecord | undefined>;
  /** The space if the user may see it: owner/admin of its organization, or a member of the space. */
  findAccessible(userId: string, spaceId: string): Promise<SpaceAccess | undefined>;
  listAccessible(userId: string, page: PageRequest<SpaceOrderKey>): Promise<Page<SpaceRecord>>;
  /** Renames when `expectedVersion` is current; undefined when it is not (or the space is gone). */
  rename(id: string, name: string, expectedVersion: number, userId: string): Promise<SpaceRecord | undefined>;
  setAliasesEnabled(id: string, userId: string): Promise<void>;
  insertMembership(m: { id: string; spaceId: string; userId: string; admin: boolean; createdBy: string }): Promise<void>;
  /** Deletes the space and, by cascade, everything in it. */
  delete(id: string): Promise<boolean>;
}
