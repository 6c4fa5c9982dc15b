import type { OrganizationRole, Page, PageRequest, SpaceRecord } from './records.ts';

export type SpaceOrderKey = 'createdAt' | 'updatedAt' | 'name' | 'id';

/** What one user is in one space: an owner or admin of its organization, and/or a member of the space. */
export interface SpaceAccess {
  space: SpaceRecord;
  /** An organization owner or admin, or a space admin. */
  admin: boolean;
  /** The user's active owner or admin role in the space's organization (other roles give no access by themselves). */
  organizationRole: Extract<OrganizationRole, 'owner' | 'admin'> | null;
  /** The user's membership of the space, if any. */
  membership: { admin: boolean } | null;
}

export interface SpacesRepository {
  insert(space: { id: string; organizationId: string; name: string; createdBy: string }): Promise<SpaceRecord>;
  find(id: string): Promise<SpaceRecord | undefined>;
  /** The space if the user may see it: owner/admin of its organization, or a member of the space. */
  findAccessible(userId: string, spaceId: string): Promise<SpaceAccess | undefined>;
  listAccessible(userId: string, page: PageRequest<SpaceOrderKey>): Promise<Page<SpaceRecord>>;
  /** Renames when `expectedVersion` is current; undefined when it is not (or the space is gone). */
  rename(id: string, name: string, expectedVersion: number, userId: string): Promise<SpaceRecord | undefined>;
  setAliasesEnabled(id: string, userId: string): Promise<void>;
  insertMembership(m: {
    id: string;
    spaceId: string;
    userId: string;
    admin: boolean;
    createdBy: string;
  }): Promise<void>;
  /** Deletes the space and, by cascade, everything in it. */
  delete(id: string): Promise<boolean>;
}
