import { sql } from 'kysely';
import type {
  InvitationRecord,
  MembersRepository,
  MembershipKey,
  OrganizationMembershipRecord,
} from '../port/members.ts';
import type { UserRecord } from '../port/records.ts';
import type { CacheContext } from './cache-context.ts';
import { filtered, paged, seconds, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';
import { userTag } from './identity-repository.ts';
import { spaceMembershipsStore } from './space-memberships-repository.ts';
import { organizationTag } from './spaces-repository.ts';

const COLUMNS: CollectionColumns<MembershipKey> = {
  id: 'm.id',
  role: 'm.role',
  status: 'm.status',
  userId: 'm.user_id',
  email: 'u.email',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  createdAt: seconds('m.created_at'),
  updatedAt: seconds('m.updated_at'),
  version: 'm.version',
  createdBy: 'm.created_by',
  updatedBy: 'm.updated_by',
  text: sql`concat_ws(' ', ${sql.ref('m.user_id')}, ${sql.ref('u.first_name')}, ${sql.ref('u.last_name')}, ${sql.ref('u.email')})`,
  lastActiveAt: sql`null::timestamptz`,
  lastSignInAt: sql`null::timestamptz`,
};

export const MEMBERSHIP_COLUMNS = [
  'm.id',
  'm.organization_id',
  'm.user_id',
  'm.role',
  'm.status',
  'm.version',
  'm.created_by',
  'm.updated_by',
  'm.created_at',
  'm.updated_at',
  'u.email',
  'u.first_name',
  'u.last_name',
] as const;

export const toMembership = (r: any): OrganizationMembershipRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  userId: r.user_id,
  role: r.role,
  status: r.status,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  user: { email: r.email, firstName: r.first_name, lastName: r.last_name },
});

const toInvitation = (r: any): InvitationRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  membershipId: r.organization_membership_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  status: r.status,
  userId: r.user_id,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toUser = (r: any): UserRecord => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Cache tag of answers that show users' names or emails beside other records: a rename of any user makes them stale. */
export const USER_NAMES_TAG = 'user-names';

/** What makes a cached membership list of an organization stale: its membership writes (`organizationTag`) and renames. */
const membershipListTags = (organizationId: string) => [organizationTag(organizationId), USER_NAMES_TAG];

export function membersRepository(db: Executor, cache?: CacheContext): MembersRepository {
  const memberships = (organizationId: string) =>
    db
      .selectFrom('organization_memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', '=', organizationId);
  /** Space access and organization roles are read-cached per user and organization (spaces-repository.ts). */
  const changedAccess = (organizationId: string, userId: string) =>
    cache?.invalidate([organizationTag(organizationId), userTag(userId)]);

  return {
    ...spaceMembershipsStore(db, cache),
    async lockOrganization(organizationId) {
      return !!(await db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', organizationId)
        .forUpdate()
        .executeTakeFirst());
    },
    async findUserByEmail(email) {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      return row && toUser(row);
    },
    async findOrInsertUser(u) {
      const inserted = await db
        .insertInto('users')
        .values({ id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName })
        .onConflict((c) => c.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      // The conflict waited for the other writer's commit, so a new statement sees its row.
      return toUser(
        inserted ?? (await db.selectFrom('users').selectAll().where('email', '=', u.email).executeTakeFirstOrThrow()),
      );
    },
    async hasTokens(userId) {
      return !!(await db
        .selectFrom('personal_access_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst());
    },
    async renameUser(userId, firstName, lastName) {
      await db
        .updateTable('users')
        .set({ first_name: firstName, last_name: lastName, version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
      await cache?.invalidate([userTag(userId), USER_NAMES_TAG]);
    },
    async findMembership(organizationId, membershipId) {
      const row = await memberships(organizationId)
        .select(MEMBERSHIP_COLUMNS)
        .where('m.id', '=', membershipId)
        .executeTakeFirst();
      return row && toMembership(row);
    },
    async findMembershipOfUser(organizationId, userId) {
      const row = await memberships(organizationId)
        .select(MEMBERSHIP_COLUMNS)
        .where('m.user_id', '=', userId)
        .executeTakeFirst();
      return row && toMembership(row);
    },
    async pageMemberships(organizationId, page) {
      const base = filtered(memberships(organizationId), page, COLUMNS);
      const [rows, count] = await Promise.all([
        paged(base.select(MEMBERSHIP_COLUMNS), page, COLUMNS, 'm.id').execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toMembership), total: count.n };
    },
    async cachedMembershipList(organizationId, key, load) {
      const store = cache?.cache;
      if (!store?.enabled) return load();
      const entryKey = `membership-list:${organizationId}:${key}`;
      const hit = store.get<Awaited<ReturnType<typeof load>>>(entryKey);
      if (hit !== undefined) return hit;
      const startedAt = store.begin();
      const answer = await load();
      store.set(
        entryKey,
        answer,
        membershipListTags(organizationId),
        startedAt,
        entryKey.length + JSON.stringify(answer).length,
      );
      return answer;
    },
    async countOwners(organizationId) {
      const row = await db
        .selectFrom('organization_memberships')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('organization_id', '=', organizationId)
        .where('role', '=', 'owner')
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return row.n;
    },
    async insertMembership(m) {
      await db
        .insertInto('organization_memberships')
        .values({
          id: m.id,
          organization_id: m.organizationId,
          user_id: m.userId,
          role: m.role,
          status: 'pending',
          created_by: m.createdBy,
          updated_by: m.createdBy,
        })
        .execute();
      await cache?.invalidate([organizationTag(m.organizationId)]);
    },
    async updateRole(organizationId, membershipId, role, expectedVersion, userId) {
      const row = await db
        .updateTable('organization_memberships')
        .set({ role, version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
        .where('organization_id', '=', organizationId)
        .where('id', '=', membershipId)
        .where('version', '=', expectedVersion)
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return undefined;
      await changedAccess(organizationId, row.user_id);
      return this.findMembership(organizationId, membershipId);
    },
    async activate(membershipId) {
      const row = await db
        .updateTable('organization_memberships')
        .set({ status: 'active', version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', '=', membershipId)
        .returning(['organization_id', 'user_id'])
        .executeTakeFirst();
      if (row) await changedAccess(row.organization_id, row.user_id);
    },
    async deleteMembership(organizationId, membershipId) {
      const row = await db
        .deleteFrom('organization_memberships')
        .where('organization_id', '=', organizationId)
        .where('id', '=', membershipId)
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return false;
      await db
        .deleteFrom('space_memberships')
        .where('user_id', '=', row.user_id)
        .where('space_id', 'in', db.selectFrom('spaces').select('id').where('organization_id', '=', organizationId))
        .execute();
      await changedAccess(organizationId, row.user_id);
      return true;
    },
    async insertInvitation(i) {
      return toInvitation(
        await db
          .insertInto('invitations')
          .values({
            id: i.id,
            organization_id: i.organizationId,
            organization_membership_id: i.membershipId,
            email: i.email,
            first_name: i.firstName,
            last_name: i.lastName,
            role: i.role,
            token_hash: i.tokenHash,
            user_id: null,
            created_by: i.createdBy,
            updated_by: i.createdBy,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    async findInvitation(organizationId, invitationId) {
      const row = await db
        .selectFrom('invitations')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', invitationId)
        .executeTakeFirst();
      return row && toInvitation(row);
    },
    async lockOpenInvitation(tokenHash) {
      const row = await db
        .selectFrom('invitations')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('status', '=', 'open')
        .forUpdate()
        .executeTakeFirst();
      return row && toInvitation(row);
    },
    async markAccepted(invitationId, userId) {
      await db
        .updateTable('invitations')
        .set({ status: 'accepted', user_id: userId, updated_at: sql`now()` })
        .where('id', '=', invitationId)
        .execute();
    },
  };
}
