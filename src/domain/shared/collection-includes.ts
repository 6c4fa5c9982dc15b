import type {
  OrganizationMembershipRecord,
  Repositories,
  RoleRecord,
  SpaceRecord,
  TeamRecord,
  UserRecord,
} from '../../storage/port/index.ts';
import type { IncludeType, CollectionSchema } from './collection-query.ts';

/** The linked resources of one page, grouped by type (what `includes` of the collection answer holds). */
export interface IncludedRecords {
  User?: UserRecord[];
  OrganizationMembership?: OrganizationMembershipRecord[];
  Team?: TeamRecord[];
  Role?: RoleRecord[];
  Space?: SpaceRecord[];
}

/** The id (or ids: `roles`) an item links to at an include path (null or undefined: no link there). */
export type LinkOf<T> = (item: T, path: string) => string | readonly string[] | null | undefined;

/**
 * Reads the resources the page's items link to at the requested include paths, one query per type, and only those of
 * the current page. Links to resources that are gone are left out.
 */
export async function loadIncludes<T>(
  repos: Repositories,
  organizationId: string,
  items: readonly T[],
  paths: readonly string[],
  collection: CollectionSchema<string>,
  linkOf: LinkOf<T>,
): Promise<IncludedRecords | undefined> {
  if (!paths.length) return undefined;
  const ids: Record<IncludeType, Set<string>> = {
    User: new Set(),
    OrganizationMembership: new Set(),
    Team: new Set(),
    Role: new Set(),
    Space: new Set(),
  };
  for (const path of paths) {
    const type = collection.include![path]!;
    for (const item of items) {
      const linked = linkOf(item, path);
      for (const id of Array.isArray(linked) ? linked : [linked]) if (id) ids[type].add(id);
    }
  }
  const wanted = new Set(paths.map((p) => collection.include![p]!));
  const { linkedRecords } = repos;
  const [User, OrganizationMembership, Team, Role, Space] = await Promise.all([
    wanted.has('User') ? linkedRecords.users([...ids.User]) : undefined,
    wanted.has('OrganizationMembership')
      ? linkedRecords.organizationMemberships(organizationId, [...ids.OrganizationMembership])
      : undefined,
    wanted.has('Team') ? linkedRecords.teams(organizationId, [...ids.Team]) : undefined,
    wanted.has('Role') ? linkedRecords.roles(organizationId, [...ids.Role]) : undefined,
    wanted.has('Space') ? linkedRecords.spaces(organizationId, [...ids.Space]) : undefined,
  ]);
  return {
    ...(User && { User }),
    ...(OrganizationMembership && { OrganizationMembership }),
    ...(Team && { Team }),
    ...(Role && { Role }),
    ...(Space && { Space }),
  };
}
