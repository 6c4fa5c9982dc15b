import { sql } from 'kysely';
import type { IdentityRepository } from '../port/identity.ts';
import type { AccessTokenRecord, OrganizationRecord, UserRecord } from '../port/records.ts';
import type { CacheContext } from './cache-context.ts';
import { orderBy, type Executor } from './executor.ts';
import { cached } from './read-cache.ts';

const tokenColumns = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', id: 'id' };
const orgColumns = {
  createdAt: 'organizations.created_at',
  updatedAt: 'organizations.updated_at',
  name: 'organizations.name',
  id: 'organizations.id',
};

const toUser = (r: any): UserRecord => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const toToken = (r: any): AccessTokenRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  scopes: r.scopes,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const toOrg = (r: any): OrganizationRecord => ({
  id: r.id,
  name: r.name,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Cache tags: a token's entry goes stale when the token or its user changes. */
export const tokenTag = (tokenId: string) => `token:${tokenId}`;
export const userTag = (userId: string) => `user:${userId}`;

export function identityRepository(db: Executor, cache?: CacheContext): IdentityRepository {
  async function loadTokenOwner(tokenHash: string) {
    const row = await db
      .selectFrom('personal_access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.user_id',
        't.name',
        't.scopes',
        't.expires_at',
        't.revoked_at',
        't.created_at',
        't.updated_at',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.version',
        'u.created_at as user_created_at',
        'u.updated_at as user_updated_at',
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      token: toToken(row),
      user: toUser({ ...row, id: row.user_id, created_at: row.user_created_at, updated_at: row.user_updated_at }),
    };
  }

  return {
    async lockBootstrap() {
      await sql`select pg_advisory_xact_lock(7261001)`.execute(db);
    },
    async countUsers() {
      const row = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },
    async insertOrganization(org) {
      return toOrg(await db.insertInto('organizations').values(org).returningAll().executeTakeFirstOrThrow());
    },
    async insertUser(u) {
      return toUser(
        await db
          .insertInto('users')
          .values({ id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    async insertOrganizationMembership(m) {
      await db
        .insertInto('organization_memberships')
        .values({ id: m.id, organization_id: m.organizationId, user_id: m.userId, role: m.role })
        .execute();
      await cache?.invalidate([`org:${m.organizationId}`, userTag(m.userId)]);
    },
    findTokenOwner(tokenHash) {
      return cached(
        cache?.cache,
        `token-owner:${tokenHash}`,
        () => loadTokenOwner(tokenHash),
        (o) => [tokenTag(o.token.id), userTag(o.user.id)],
      );
    },
    async insertToken(t) {
      return toToken(
        await db
          .insertInto('personal_access_tokens')
          .values({
            id: t.id,
            user_id: t.userId,
            name: t.name,
            scopes: t.scopes,
            token_hash: t.tokenHash,
            expires_at: t.expiresAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    async listTokens(userId, page) {
      const base = db.selectFrom('personal_access_tokens').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        orderBy(base.selectAll(), page.order, tokenColumns, 'id').offset(page.skip).limit(page.limit).execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toToken), total: count.n };
    },
    async findToken(userId, tokenId) {
      const row = await db
        .selectFrom('personal_access_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', tokenId)
        .executeTakeFirst();
      return row && toToken(row);
    },
    async revokeToken(userId, tokenId) {
      const row = await db
        .updateTable('personal_access_tokens')
        .set({
          revoked_at: sql`coalesce(revoked_at, now())`,
          updated_at: sql`case when revoked_at is null then now() else updated_at end`,
        })
        .where('user_id', '=', userId)
        .where('id', '=', tokenId)
        .returningAll()
        .executeTakeFirst();
      if (row) await cache?.invalidate([tokenTag(tokenId)]);
      return row && toToken(row);
    },
    async listOrganizations(userId, page) {
      const base = db
        .selectFrom('organizations')
        .innerJoin('organization_memberships as m', 'm.organization_id', 'organizations.id')
        .where('m.user_id', '=', userId);
      const [rows, count] = await Promise.all([
        orderBy(base.selectAll('organizations'), page.order, orgColumns, 'organizations.id')
          .offset(page.skip)
          .limit(page.limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toOrg), total: count.n };
    },
  };
}
