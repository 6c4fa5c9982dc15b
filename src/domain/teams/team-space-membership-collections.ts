import type { TeamSpaceMembershipRecord } from '../../storage/port/index.ts';
import type { LinkOf } from '../shared/collection-includes.ts';

const LINKS: Readonly<Record<string, (m: TeamSpaceMembershipRecord) => string | readonly string[] | null>> = {
  roles: (m) => m.roles.map((r) => r.sys.id),
  'sys.createdBy': (m) => m.createdBy,
  'sys.updatedBy': (m) => m.updatedBy,
  'sys.space': (m) => m.spaceId,
  'sys.team': (m) => m.teamId,
};

/** The ids a team space membership links to at the include paths of its collections (`user-management-collections.ts`). */
export const teamSpaceMembershipLinks: LinkOf<TeamSpaceMembershipRecord> = (m, path) => LINKS[path]?.(m);
