import type { TeamMembershipRecord } from '../../storage/port/index.ts';
import type { LinkOf } from '../shared/collection-includes.ts';

const LINKS: Readonly<Record<string, (m: TeamMembershipRecord) => string | null>> = {
  'sys.createdBy': (m) => m.createdBy,
  'sys.updatedBy': (m) => m.updatedBy,
  'sys.organizationMembership': (m) => m.organizationMembershipId,
  'sys.user': (m) => m.userId,
  'sys.team': (m) => m.teamId,
};

/** The ids a team membership links to at the include paths of the team membership collections (`user-management-collections.ts`). */
export const teamMembershipLinks: LinkOf<TeamMembershipRecord> = (m, path) => LINKS[path]?.(m);
