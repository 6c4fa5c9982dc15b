import { notFound, versionMismatch } from '../../errors/index.ts';
import type {
  CollectionPage,
  MembershipKey,
  OrganizationMembershipRecord,
  OrganizationRole,
  Repositories,
  Storage,
} from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import type { CollectionQuery } from '../shared/collection-query.ts';
import { ORGANIZATION_MEMBERSHIPS } from '../shared/user-management-collections.ts';
import { loadIncludes } from '../shared/collection-includes.ts';
import { membershipLinks } from './membership-collection.ts';
import type { OrganizationGrant } from '../access/grant.ts';
import { requireOwnerFor, requireRemovable } from '../access/record-rules.ts';
import { lastOwner } from './last-owner.ts';

/**
 * The memberships of an organization: every active member reads them; owners and admins change roles and remove
 * members; anyone may leave (the authorizer and `record-rules.ts` decide). The organization always keeps an active owner. Changes run under the organization's
 * row lock, so two of them cannot both take away the last owner.
 */
export function organizationMembershipsService(storage: Storage) {
  const { members } = storage.repos;

  async function current(
    repos: Repositories,
    organizationId: string,
    membershipId: string,
  ): Promise<OrganizationMembershipRecord> {
    await repos.members.lockOrganization(organizationId);
    return (
      (await repos.members.findMembership(organizationId, membershipId)) ??
      Promise.reject(notFound('OrganizationMembership', membershipId))
    );
  }

  async function keepsAnOwner(repos: Repositories, membership: OrganizationMembershipRecord): Promise<void> {
    if (membership.role !== 'owner' || membership.status !== 'active') return;
    if ((await repos.members.countOwners(membership.organizationId)) <= 1) throw lastOwner(membership.id);
  }

  return {
    /**
     * A page of memberships and, when `query.include` asks, the users they link to. Every active member reads the
     * same answer, so it is cached per organization and query; who may read it is the authorizer's decision (the
     * operation's organization rule), made before this runs.
     */
    async list(
      organizationId: string,
      query: CollectionPage<MembershipKey> & Partial<Pick<CollectionQuery<MembershipKey>, 'include'>>,
    ) {
      return members.cachedMembershipList(organizationId, JSON.stringify(query), async () => {
        const page = await members.pageMemberships(organizationId, query);
        return {
          ...page,
          includes: await loadIncludes(
            storage.repos,
            organizationId,
            page.items,
            query.include ?? [],
            ORGANIZATION_MEMBERSHIPS,
            membershipLinks,
          ),
        };
      });
    },

    async get(organizationId: string, membershipId: string) {
      return (
        (await members.findMembership(organizationId, membershipId)) ??
        Promise.reject(notFound('OrganizationMembership', membershipId))
      );
    },

    async updateRole(
      actor: Actor,
      grant: OrganizationGrant,
      membershipId: string,
      role: OrganizationRole,
      version: number | undefined,
    ) {
      const { organizationId } = grant;
      return storage.transaction(async (repos) => {
        const membership = await current(repos, organizationId, membershipId);
        if (version === undefined || version !== membership.version) throw versionMismatch(membership.version, version);
        requireOwnerFor(grant, membership.role, role);
        if (role !== 'owner') await keepsAnOwner(repos, membership);
        const updated = await repos.members.updateRole(organizationId, membershipId, role, version, actorId(actor));
        return updated ?? Promise.reject(versionMismatch(membership.version, version));
      });
    },

    async delete(actor: Actor, grant: OrganizationGrant, membershipId: string): Promise<void> {
      const { organizationId } = grant;
      await storage.transaction(async (repos) => {
        const membership = await current(repos, organizationId, membershipId);
        requireRemovable(grant, actor, membership);
        await keepsAnOwner(repos, membership);
        await repos.members.deleteMembership(organizationId, membershipId);
      });
    },
  };
}

export type OrganizationMembershipsService = ReturnType<typeof organizationMembershipsService>;
