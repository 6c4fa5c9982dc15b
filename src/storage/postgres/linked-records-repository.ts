import type { LinkedRecordsRepository } from '../port/teams.ts';
import type { Executor } from './executor.ts';
import { MEMBERSHIP_COLUMNS, toMembership, toUser } from './members-repository.ts';
import { toRole } from './roles-repository.ts';
import { toSpace } from './spaces-repository.ts';
import { teamsOf, toTeam, withMemberCount } from './teams-repository.ts';

/** The linked resources of a user-management collection page, one query per type (ids of one page: at most a few hundred). */
export function linkedRecordsRepository(db: Executor): LinkedRecordsRepository {
  return {
    async users(ids) {
      if (!ids.length) return [];
      return (
        await db
          .selectFrom('users')
          .selectAll()
          .where('id', 'in', [...ids])
          .orderBy('id')
          .execute()
      ).map(toUser);
    },
    async organizationMemberships(organizationId, ids) {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('organization_memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(MEMBERSHIP_COLUMNS)
        .where('m.organization_id', '=', organizationId)
        .where('m.id', 'in', [...ids])
        .orderBy('m.id')
        .execute();
      return rows.map(toMembership);
    },
    async teams(organizationId, ids) {
      if (!ids.length) return [];
      const rows = await teamsOf(db, organizationId)
        .selectAll('t')
        .select(withMemberCount)
        .where('t.id', 'in', [...ids])
        .orderBy('t.id')
        .execute();
      return rows.map(toTeam);
    },
    async roles(organizationId, ids) {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('roles')
        .innerJoin('spaces', 'spaces.id', 'roles.space_id')
        .selectAll('roles')
        .where('spaces.organization_id', '=', organizationId)
        .where('roles.id', 'in', [...ids])
        .orderBy('roles.space_id')
        .orderBy('roles.id')
        .execute();
      return rows.map(toRole);
    },
    async spaces(organizationId, ids) {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('spaces')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
      return rows.map(toSpace);
    },
  };
}
