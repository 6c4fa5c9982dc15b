import type { OrganizationMembershipRecord } from '../../storage/port/index.ts';
import type { LinkOf } from '../shared/collection-includes.ts';

/** The ids an organization membership links to at the include paths of `ORGANIZATION_MEMBERSHIPS` (`user-management-collections.ts`). */
export const membershipLinks: LinkOf<OrganizationMembershipRecord> = (m, path) =>
  path === 'sys.user'
    ? m.userId
    : path === 'sys.createdBy'
      ? m.createdBy
      : path === 'sys.updatedBy'
        ? m.updatedBy
        : undefined;
