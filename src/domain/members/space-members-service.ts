import { notFound } from '../../errors/index.ts';
import type { SpaceMemberRecord, Storage } from '../../storage/port/index.ts';
import type { CollectionQuery } from '../shared/collection-query.ts';
import { SPACE_MEMBERS } from '../shared/user-management-collections.ts';
import { loadIncludes, type LinkOf } from '../shared/collection-includes.ts';

const spaceMemberLinks: LinkOf<SpaceMemberRecord> = (m, path) => (path === 'sys.user' ? m.userId : undefined);

/**
 * Space members: the derived view of who has access to a space and with what, one item per user, combining their
 * own space membership and the team space memberships of the teams they are an active member of. Its id is the
 * user's id. Read-only; every member of the space may read it (the authorizer decided).
 */
export function spaceMembersService(storage: Storage) {
  const { teamSpaceMemberships, spaces } = storage.repos;

  return {
    async list(spaceId: string, query: CollectionQuery<never>) {
      const space = await spaces.find(spaceId);
      if (!space) throw notFound('Space', spaceId);
      const page = await teamSpaceMemberships.pageSpaceMembers(spaceId, query);
      return {
        ...page,
        includes: await loadIncludes(
          storage.repos,
          space.organizationId,
          page.items,
          query.include,
          SPACE_MEMBERS,
          spaceMemberLinks,
        ),
      };
    },

    async get(spaceId: string, id: string): Promise<SpaceMemberRecord> {
      return (await teamSpaceMemberships.findSpaceMember(spaceId, id)) ?? Promise.reject(notFound('SpaceMember', id));
    },
  };
}

export type SpaceMembersService = ReturnType<typeof spaceMembersService>;
