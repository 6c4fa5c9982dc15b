import { notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { Repositories, SpaceMembershipKey, SpaceMembershipRecord, Storage } from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import type { CollectionQuery } from '../shared/collection-query.ts';
import { ORGANIZATION_SPACE_MEMBERSHIPS, SPACE_SPACE_MEMBERSHIPS } from '../shared/user-management-collections.ts';
import { loadIncludes } from '../shared/collection-includes.ts';
import type { SpaceGrant } from '../access/grant.ts';
import { requireRemovableSpaceMembership } from '../access/record-rules.ts';
import {
  alreadyAMember,
  notAnOrganizationMember,
  roleCountProblems,
  roleIdsOf,
  unknownRoleProblems,
  type SpaceMembershipInput,
} from './space-membership-input.ts';
import { spaceMembershipLinks } from './space-membership-collection.ts';

/**
 * Space memberships: who works in a space, as space admin or with roles of the space. The authorizer has decided who
 * may call each operation; this service checks the body (roles of this space, an organization member, one membership
 * per user and space). Writes lock the named roles FOR SHARE, so a concurrent role delete waits and then sees them.
 */
export function spaceMembershipsService(storage: Storage) {
  const { members } = storage.repos;

  /** The ids of the body's roles, locked in the transaction; 422 naming every problem, or none. */
  async function lockedRoles(
    repos: Repositories,
    spaceId: string,
    input: SpaceMembershipInput,
    problems = roleCountProblems(input),
  ): Promise<string[]> {
    const roleIds = roleIdsOf(input);
    const found = await repos.members.lockRolesForShare(spaceId, roleIds);
    problems.push(...unknownRoleProblems(input, found));
    if (problems.length) throw validationFailed(problems);
    return roleIds;
  }

  return {
    /** The memberships of the space, with the users of the page when `include` names `sys.user`. */
    async list(spaceId: string, query: CollectionQuery<SpaceMembershipKey>) {
      const page = await members.pageSpaceMemberships(spaceId, query);
      if (!query.include.length) return page;
      const space = await storage.repos.spaces.find(spaceId);
      if (!space) throw notFound('Space', spaceId);
      return {
        ...page,
        includes: await loadIncludes(
          storage.repos,
          space.organizationId,
          page.items,
          query.include,
          SPACE_SPACE_MEMBERSHIPS,
          spaceMembershipLinks,
        ),
      };
    },

    /** The memberships of every space of the organization, with the linked resources `include` names. */
    async listInOrganization(organizationId: string, query: CollectionQuery<SpaceMembershipKey>) {
      const page = await members.pageSpaceMembershipsInOrganization(organizationId, query);
      return {
        ...page,
        includes: await loadIncludes(
          storage.repos,
          organizationId,
          page.items,
          query.include,
          ORGANIZATION_SPACE_MEMBERSHIPS,
          spaceMembershipLinks,
        ),
      };
    },

    async get(spaceId: string, id: string): Promise<SpaceMembershipRecord> {
      return (await members.findSpaceMembership(spaceId, id)) ?? Promise.reject(notFound('SpaceMembership', id));
    },

    async getInOrganization(organizationId: string, id: string): Promise<SpaceMembershipRecord> {
      return (
        (await members.findSpaceMembershipInOrganization(organizationId, id)) ??
        Promise.reject(notFound('SpaceMembership', id))
      );
    },

    /** Gives a member of the space's organization (pending or active, found by email) a membership at version 0. */
    async create(
      actor: Actor,
      { space }: SpaceGrant,
      input: SpaceMembershipInput & { email: string },
    ): Promise<SpaceMembershipRecord> {
      const spaceId = space.id;
      return storage.transaction(async (repos) => {
        const userId = await repos.members.findOrganizationMemberByEmail(space.organizationId, input.email);
        const problems = roleCountProblems(input);
        if (!userId) problems.push(notAnOrganizationMember(input.email));
        else if (await repos.members.findSpaceMembershipOfUser(spaceId, userId))
          problems.push(alreadyAMember(input.email));
        const roleIds = await lockedRoles(repos, spaceId, input, problems);
        const inserted = await repos.members.insertSpaceMembership({
          id: generateId(),
          spaceId,
          userId: userId!,
          admin: input.admin,
          roleIds,
          createdBy: actorId(actor),
        });
        if (inserted === 'taken') throw validationFailed([alreadyAMember(input.email)]);
        return inserted;
      });
    },

    /** Replaces the admin flag and roles at the current version; the member never changes (`email` is ignored). */
    async update(
      actor: Actor,
      spaceId: string,
      id: string,
      input: SpaceMembershipInput,
      version: number | undefined,
    ): Promise<SpaceMembershipRecord> {
      return storage.transaction(async (repos) => {
        const current = await repos.members.findSpaceMembership(spaceId, id);
        if (!current) throw notFound('SpaceMembership', id);
        if (version === undefined || version !== current.version) throw versionMismatch(current.version, version);
        const roleIds = await lockedRoles(repos, spaceId, input);
        const updated = await repos.members.updateSpaceMembership(
          spaceId,
          id,
          { admin: input.admin, roleIds },
          version,
          actorId(actor),
        );
        if (updated) return updated;
        const now = await repos.members.findSpaceMembership(spaceId, id);
        throw now ? versionMismatch(now.version, version) : notFound('SpaceMembership', id);
      });
    },

    async delete(actor: Actor, grant: SpaceGrant, id: string): Promise<void> {
      const spaceId = grant.space.id;
      requireRemovableSpaceMembership(grant, actor, await members.findSpaceMembership(spaceId, id));
      if (!(await members.deleteSpaceMembership(spaceId, id))) throw notFound('SpaceMembership', id);
    },
  };
}

export type SpaceMembershipsService = ReturnType<typeof spaceMembershipsService>;
