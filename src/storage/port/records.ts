/** Plain records the storage port returns. Timestamps are ISO-8601 strings. */
export interface Audit {
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
}

export interface OrganizationRecord { id: string; name: string; version: number; createdAt: string; updatedAt: string; }
export type OrganizationRole = 'owner' | 'admin' | 'developer' | 'member';
export interface UserRecord {
  id: string; email: string; firstName: string | null; lastName: string | null; version: number; createdAt: string; updatedAt: string;
}
export interface AccessTokenRecord {
  id: string; userId: string; name: string; scopes: string[]; expiresAt: string | null; revokedAt: string | null;
  createdAt: string; updatedAt: string;
}
export interface SpaceRecord extends Audit { id: string; organizationId: string; name: string; version: number; aliasesEnabled: boolean; }

/** One page of records and the count of all matches. */
export interface Page<T> { items: T[]; total: number; }

/** Paging and an order already checked against what the collection can sort by. */
export interface PageRequest<Key extends string = string> {
  skip: number;
  limit: number;
  order: Array<{ key: Key; direction: 'asc' | 'desc' }>;
}
