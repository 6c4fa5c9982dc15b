import { sql } from 'kysely';
import type { TeamKey, TeamMembershipKey, TeamMembershipRecord, TeamRecord, TeamsRepository } from '../port/teams.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import type { CacheContext } from './cache-context.ts';
import { teamAccessTags } from './cache-policies.ts';
import type { Executor } from './executor.ts';

const TEAM_COLUMNS: CollectionColumns<TeamKey> = {
  id: 't.id',
  name: 't.name',
  version: 't.version',
  createdBy: 't.created_by',
  updatedBy: 't.updated_by',
  createdAt: seconds('t.created_at'),
  updatedAt: seconds('t.updated_at'),
};

const TEAM_MEMBERSHIP_COLUMNS: CollectionColumns<TeamMembershipKey> = {
  id: 'tm.id',
  teamId: 'tm.team_id',
  organizationMembershipId: 'tm.organization_membership_id',
  userId: 'm.user_id',
  createdAt: seconds('tm.created_at'),
  updatedAt: seconds('tm.updated_at'),
};

const TEAM_SELECT = [
  't.id',
  't.organization_id',
  't.name',
  't.description',
  't.version',
  't.created_by',
  't.updated_by',
  't.created_at',
  't.updated_at',
] as const;
const TEAM_MEMBERSHIP_SELECT = [
  'tm.id',
  'tm.organization_id',
  'tm.team_id',
  'tm.organization_membership_id',
  'm.user_id',
  'tm.created_by',
  'tm.updated_by',
  'tm.created_at',
  'tm.updated_at',
] as const;

export const toTeam = (r: any): TeamRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  name: r.name,
  description: r.description,
  version: r.version,
  memberCount: r.member_count,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toTeamMembership = (r: any): TeamMembershipRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  teamId: r.team_id,
  organizationMembershipId: r.organization_membership_id,
  userId: r.user_id,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The teams of an organization with their member counts (one correlated count per row of the page). */
export const teamsOf = (db: Executor, organizationId: string) =>
  db.selectFrom('teams as t').where('t.organization_id', '=', organizationId);
export const withMemberCount = sql<number>`(select count(*)::int from team_memberships c where c.team_id = t.id)`.as(
  'member_count',
);

export function teamsRepository(db: Executor, cache?: CacheContext): TeamsRepository {
  const memberships = (organizationId: string) =>
    db
      .selectFrom('team_memberships as tm')
      .innerJoin('organization_memberships as m', 'm.id', 'tm.organization_membership_id')
      .where('tm.organization_id', '=', organizationId);
  const findTeam = async (organizationId: string, teamId: string) => {
    const row = await teamsOf(db, organizationId)
      .select([...TEAM_SELECT, withMemberCount])
      .where('t.id', '=', teamId)
      .executeTakeFirst();
    return row && toTeam(row);
  };

  return {
    async pageTeams(organizationId, page) {
      const base = filtered(teamsOf(db, organizationId), page, TEAM_COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.select([...TEAM_SELECT, withMemberCount]), page, TEAM_COLUMNS, 't.id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toTeam), total: count.n };
    },
    findTeam,
    async findTeamByName(organizationId, name) {
      const row = await teamsOf(db, organizationId)
        .select([...TEAM_SELECT, withMemberCount])
        .where('t.name', '=', name)
        .executeTakeFirst();
      return row && toTeam(row);
    },
    async insertTeam(t) {
      const row = await db
        .insertInto('teams')
        .values({
          id: t.id,
          organization_id: t.organizationId,
          name: t.name,
          description: t.description,
          created_by: t.createdBy,
          updated_by: t.createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTeam({ ...row, member_count: 0 });
    },
    async updateTeam(organizationId, teamId, change, expectedVersion, userId) {
      const row = await db
        .updateTable('teams')
        .set({
          name: change.name,
          description: change.description,
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('organization_id', '=', organizationId)
        .where('id', '=', teamId)
        .where('version', '=', expectedVersion)
        .returning('id')
        .executeTakeFirst();
      return row && findTeam(organizationId, teamId);
    },
    async deleteTeam(organizationId, teamId) {
      const row = await db
        .deleteFrom('teams')
        .where('organization_id', '=', organizationId)
        .where('id', '=', teamId)
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },

    async pageTeamMemberships(organizationId, teamId, page) {
      const scoped =
        teamId === undefined
          ? memberships(organizationId)
          : memberships(organizationId).where('tm.team_id', '=', teamId);
      const base = filtered(scoped, page, TEAM_MEMBERSHIP_COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.select(TEAM_MEMBERSHIP_SELECT), page, TEAM_MEMBERSHIP_COLUMNS, 'tm.id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toTeamMembership), total: count.n };
    },
    async findTeamMembership(organizationId, teamId, id) {
      const row = await memberships(organizationId)
        .select(TEAM_MEMBERSHIP_SELECT)
        .where('tm.team_id', '=', teamId)
        .where('tm.id', '=', id)
        .executeTakeFirst();
      return row && toTeamMembership(row);
    },
    async findTeamMembershipOf(teamId, organizationMembershipId) {
      const row = await db
        .selectFrom('team_memberships as tm')
        .innerJoin('organization_memberships as m', 'm.id', 'tm.organization_membership_id')
        .select(TEAM_MEMBERSHIP_SELECT)
        .where('tm.team_id', '=', teamId)
        .where('tm.organization_membership_id', '=', organizationMembershipId)
        .executeTakeFirst();
      return row && toTeamMembership(row);
    },
    async insertTeamMembership(m) {
      await db
        .insertInto('team_memberships')
        .values({
          id: m.id,
          organization_id: m.organizationId,
          team_id: m.teamId,
          organization_membership_id: m.organizationMembershipId,
          created_by: m.createdBy,
          updated_by: m.createdBy,
        })
        .execute();
      const membership = (await this.findTeamMembership(m.organizationId, m.teamId, m.id))!;
      await cache?.invalidate(teamAccessTags(membership.userId));
      return membership;
    },
    async deleteTeamMembership(organizationId, teamId, id) {
      const row = await db
        .deleteFrom('team_memberships')
        .where('organization_id', '=', organizationId)
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .returning(
          sql<string>`(select user_id from organization_memberships where id = organization_membership_id)`.as(
            'user_id',
          ),
        )
        .executeTakeFirst();
      if (row) await cache?.invalidate(teamAccessTags(row.user_id));
      return !!row;
    },
  };
}
