/** Plain records the storage port returns. Timestamps are ISO-8601 strings. */
export interface Audit {
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export type OrganizationRole = 'owner' | 'admin' | 'developer' | 'member';
export interface UserRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export interface AccessTokenRecord {
  id: string;
  userId: string;
  name: string;
  scopes: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface SpaceRecord extends Audit {
  id: string;
  organizationId: string;
  name: string;
  version: number;
  aliasesEnabled: boolean;
}

/** A page request whose order and filters may be left out (the repository's default order, no filter). */
export type CollectionPage<Key extends string = string> = Pick<PageRequest<Key>, 'skip' | 'limit'> &
  Partial<Pick<PageRequest<Key>, 'order' | 'where'>>;

/** One page of records and the count of all matches. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** The audit attributes every filterable collection has (`sys.createdAt`, `sys.version`, `sys.createdBy.sys.id`, ...). */
export type AuditKey = 'createdAt' | 'updatedAt' | 'version' | 'createdBy' | 'updatedBy';

/** The operators of collection filters (`path[op]=value`; `eq` is the plain `path=value`). */
export type FilterOperator = 'eq' | 'ne' | 'in' | 'nin' | 'exists' | 'lt' | 'lte' | 'gt' | 'gte' | 'match';
export type FilterValueType = 'symbol' | 'date' | 'integer' | 'boolean';
export type FilterValue = string | number | boolean;

/**
 * One checked filter of a collection on the attribute `key`: `value` is a list for `in` and `nin`, the words for
 * `match`, a boolean for `exists`, else one value of `valueType` (dates as ISO strings).
 */
export interface FilterCondition<Key extends string = string> {
  key: Key;
  valueType: FilterValueType;
  op: FilterOperator;
  value: FilterValue | FilterValue[];
}

/** Paging, an order and filters already checked against what the collection can sort and filter by. */
export interface PageRequest<Key extends string = string> {
  skip: number;
  limit: number;
  order: Array<{ key: Key; direction: 'asc' | 'desc' }>;
  /** All must hold; none: every item. */
  where?: Array<FilterCondition<Key>>;
}
