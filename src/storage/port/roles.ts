import type { Audit, AuditKey, Page, PageRequest } from './records.ts';

/** A role's permissions as stored: every area with `"all"` or a list of `read`/`manage`. */
export type RolePermissionsDocument = Record<string, 'all' | string[]>;

/** A role's policy as stored (validated by the domain before it is written). */
export interface RolePolicyDocument {
  effect: 'allow' | 'deny';
  actions: 'all' | string[];
  constraint?: unknown;
}

/** A role of a space: a name unique in the space, permissions and policies. */
export interface RoleRecord extends Audit {
  spaceId: string;
  id: string;
  name: string;
  description: string | null;
  permissions: RolePermissionsDocument;
  policies: RolePolicyDocument[];
  version: number;
}

export type NewRole = Pick<RoleRecord, 'spaceId' | 'id' | 'name' | 'description' | 'permissions' | 'policies'> & {
  createdBy: string;
};
export type RoleChanges = Pick<RoleRecord, 'name' | 'description' | 'permissions' | 'policies'>;

/** What role lists order and filter by. */
export type RoleOrderKey = AuditKey | 'name' | 'description' | 'id';

/** Why a role could not be deleted; undefined from `delete` means it was deleted. */
export type RoleDeleteRefusal = 'missing' | 'version' | 'inUse';

/** Roles of spaces. */
export interface RolesRepository {
  page(spaceId: string, page: PageRequest<RoleOrderKey>): Promise<Page<RoleRecord>>;
  find(spaceId: string, id: string): Promise<RoleRecord | undefined>;
  /** The roles of every space of the organization, oldest first. */
  pageInOrganization(organizationId: string, page: { skip: number; limit: number }): Promise<Page<RoleRecord>>;
  /** Inserts at version 0; `nameTaken` when another role of the space has the name. */
  insert(role: NewRole): Promise<RoleRecord | 'nameTaken'>;
  /** Replaces the definition at `expectedVersion` (version + 1); undefined when the role is gone or at another version. */
  update(
    spaceId: string,
    id: string,
    changes: RoleChanges,
    expectedVersion: number,
    userId: string,
  ): Promise<RoleRecord | 'nameTaken' | undefined>;
  /**
   * The ids of the space memberships (not admin) whose only role is this one: deleting the role would leave them
   * with no role and no admin flag.
   */
  membershipsLeftWithoutRole(spaceId: string, roleId: string): Promise<string[]>;
  /**
   * Deletes the role (at `expectedVersion` when given) and removes it from the memberships that have it, unless a
   * membership would be left with no role (`inUse`). Run it in a transaction: it locks the role row first.
   */
  delete(
    spaceId: string,
    id: string,
    expectedVersion: number | undefined,
    userId: string,
  ): Promise<RoleDeleteRefusal | undefined>;
}
