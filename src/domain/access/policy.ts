/**
 * The access model of roles, as the authorizer reads it: permissions per area of the space and policies over
 * entries and assets. Roles store their validated wire form; `role-validation.ts` turns it into these types.
 */

/** Actions a policy allows or denies on entries and assets. */
export const POLICY_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'publish',
  'unpublish',
  'archive',
  'unarchive',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];
export type PolicyEffect = 'allow' | 'deny';

/** The `doc` paths a constraint may compare (besides `fields.<field>.<locale>` in `paths`). */
export const DOC_PATHS = [
  'sys.type',
  'sys.id',
  'sys.contentType.sys.id',
  'sys.createdBy.sys.id',
  'sys.updatedBy.sys.id',
  'metadata.tags.sys.id',
] as const;
export type DocPath = (typeof DOC_PATHS)[number];

/** The value that stands for the calling user; only on the user paths. */
export const CURRENT_USER = 'User.current()';
export const USER_DOC_PATHS: readonly DocPath[] = ['sys.createdBy.sys.id', 'sys.updatedBy.sys.id'];
/** The values `sys.type` can take. */
export const DOC_TYPES = ['Entry', 'Asset'] as const;

/** Any field or any locale in a field path. */
export const ANY = '%';

/** `fields.<field>.<locale>`: a field id or `%`, a locale code or `%`. */
export interface FieldPath {
  field: string;
  locale: string;
}

/** A constraint: which entries and assets a policy applies to (and, with `paths`, which fields it may change). */
export type Constraint =
  | { op: 'and'; of: Constraint[] }
  | { op: 'or'; of: Constraint[] }
  | { op: 'not'; of: Constraint }
  | { op: 'equals'; path: DocPath; value: string }
  | { op: 'in'; path: DocPath; values: string[] }
  | { op: 'paths'; paths: FieldPath[] };

export interface Policy {
  effect: PolicyEffect;
  actions: 'all' | PolicyAction[];
  /** Undefined: the policy applies to every entry and asset. */
  constraint: Constraint | undefined;
}

/** The areas of a space that permissions grant, besides content. */
export const PERMISSION_AREAS = [
  'ContentModel',
  'ContentDelivery',
  'Environments',
  'EnvironmentAliases',
  'Settings',
  'Tags',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];
/** Areas where `read` alone is not a grant (the spec: reading them needs `manage`). */
export const MANAGE_ONLY_AREAS: readonly PermissionArea[] = ['Settings', 'Environments'];

/** A permission as stored and presented: `"all"` or a list of `read`/`manage` (`[]`: no access). */
export type PermissionValue = 'all' | Array<'read' | 'manage'>;
export type RolePermissions = Record<PermissionArea, PermissionValue>;

/** What an area's permission grants. */
export type PermissionGrant = 'none' | 'read' | 'manage';

export function permissionGrant(value: PermissionValue): PermissionGrant {
  if (value === 'all' || value.includes('manage')) return 'manage';
  return value.includes('read') ? 'read' : 'none';
}

/** A role as the authorizer evaluates it. */
export interface RoleRules {
  permissions: Record<PermissionArea, PermissionGrant>;
  policies: Policy[];
}
