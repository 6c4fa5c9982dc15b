import type { SpaceMembershipRecord } from '../../storage/port/index.ts';
import type { LinkOf } from '../shared/collection-includes.ts';

const LINKS: Readonly<Record<string, (m: SpaceMembershipRecord) => string | readonly string[] | null>> = {
  roles: (m) => m.roles.map((r) => r.sys.id),
  'sys.user': (m) => m.userId,
  'sys.createdBy': (m) => m.createdBy,
  'sys.updatedBy': (m) => m.updatedBy,
  'sys.space': (m) => m.spaceId,
};

/** The ids a space membership links to at the include paths of the space membership collections (`user-management-collections.ts`). */
export const spaceMembershipLinks: LinkOf<SpaceMembershipRecord> = (m, path) => LINKS[path]?.(m);
