import type { MemberRole } from '../../storage/port/index.ts';
import { PERMISSION_AREAS, type PermissionArea, type PermissionGrant, type Policy } from './policy.ts';
import { roleRules } from './role-validation.ts';

/**
 * What an actor may do in a space: everything (organization owners and admins, space admins), or the union of the
 * roles of their membership (roles are whitelists): the strongest grant per permission area, and every policy of
 * every role, evaluated deny-over-allow (a deny of one role wins over an allow of another).
 */
export type SpaceRights =
  | { readonly all: true }
  | {
      readonly all: false;
      readonly userId: string;
      readonly permissions: Readonly<Record<PermissionArea, PermissionGrant>>;
      readonly policies: readonly Policy[];
    };

export const ALL_RIGHTS: SpaceRights = { all: true };

const STRENGTH: Record<PermissionGrant, number> = { none: 0, read: 1, manage: 2 };

/** The compiled rights of a cached roles answer (the read cache answers the same array while it is fresh). */
const compiled = new WeakMap<readonly MemberRole[], SpaceRights>();

export function memberRights(roles: readonly MemberRole[], userId: string): SpaceRights {
  const known = compiled.get(roles);
  if (known && !known.all && known.userId === userId) return known;
  // Stored roles were validated when written (role-validation.ts); `roleRules` reads them as such.
  const rules = roles.map((role) => roleRules(role as unknown as Parameters<typeof roleRules>[0]));
  const permissions = Object.fromEntries(
    PERMISSION_AREAS.map((area) => [
      area,
      rules.reduce<PermissionGrant>(
        (best, r) => (STRENGTH[r.permissions[area]] > STRENGTH[best] ? r.permissions[area] : best),
        'none',
      ),
    ]),
  );
  const rights: SpaceRights = {
    all: false,
    userId,
    permissions: permissions as Record<PermissionArea, PermissionGrant>,
    policies: rules.flatMap((r) => r.policies),
  };
  compiled.set(roles, rights);
  return rights;
}
