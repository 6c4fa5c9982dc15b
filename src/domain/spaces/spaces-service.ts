import { notFound, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { PageRequest, SpaceOrderKey, Storage } from '../../storage/port/index.ts';
import type { OrganizationsGrant, SpaceGrant, UserGrant } from '../access/grant.ts';
import { newSpaceOrganization } from '../access/record-rules.ts';
import { actorId, unknownActorKind, type Actor } from '../shared/actor.ts';
import { announceJobs } from '../../jobs/job-signal.ts';
import { enqueueAssetFilesGc } from '../uploads/asset-files-gc.ts';

export interface NewSpaceInput {
  name: string;
  defaultLocale?: string;
  organizationId?: string;
}

export const MASTER = 'master';

/** The user who becomes the first admin of a space they create. */
function firstAdmin(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return actor.user.id;
    case 'scheduledAction':
      return actor.userId; // never reached: the authorizer lets it publish and unpublish only
    case 'appInstallation':
    case 'appAssertion':
      throw new Error('an app never creates a space: the authorizer refuses it');
    default:
      return unknownActorKind(actor);
  }
}

/**
 * Spaces: the unit of access and of the rate-limit bucket's organization. Who may do what to a space is the
 * authorizer's decision (`domain/access`); the operations take the part of its grant they need.
 */
export function spacesService(storage: Storage) {
  const { spaces } = storage.repos;

  return {
    list: (grant: UserGrant, page: PageRequest<SpaceOrderKey>) => spaces.listAccessible(grant.user.id, page),

    /** Reads the space afresh: the grant's space may be served from the read cache, a representation never is. */
    async get(spaceId: string) {
      return (await spaces.find(spaceId)) ?? Promise.reject(notFound('Space', spaceId));
    },

    /** Creates the space with its `master` environment (ready) and its default locale, all in one transaction. */
    async create(actor: Actor, grant: OrganizationsGrant, input: NewSpaceInput) {
      const organizationId = newSpaceOrganization(grant, input.organizationId);
      const code = input.defaultLocale ?? 'en-US';
      return storage.transaction(async (repos) => {
        const space = await repos.spaces.insert({
          id: generateId(),
          organizationId,
          name: input.name,
          createdBy: actorId(actor),
        });
        await repos.spaces.insertMembership({
          id: generateId(),
          spaceId: space.id,
          userId: firstAdmin(actor),
          admin: true,
          createdBy: actorId(actor),
        });
        await repos.environments.insert({
          spaceId: space.id,
          id: MASTER,
          name: MASTER,
          status: 'ready',
          sourceEnvironmentId: null,
          createdBy: actorId(actor),
        });
        await repos.locales.insert({
          spaceId: space.id,
          environmentId: MASTER,
          id: generateId(),
          code,
          name: code,
          fallbackCode: null,
          default: true,
          contentManagementApi: true,
          contentDeliveryApi: true,
          optional: false,
          createdBy: actorId(actor),
        });
        return space;
      });
    },

    async rename(actor: Actor, { space }: SpaceGrant, name: string, version: number | undefined) {
      const spaceId = space.id;
      if (version === undefined || version !== space.version) throw versionMismatch(space.version, version);
      const updated = await spaces.rename(spaceId, name, version, actorId(actor));
      if (updated) return updated;
      const current = await spaces.find(spaceId);
      throw current ? versionMismatch(current.version, version) : notFound('Space', spaceId);
    },

    async delete(spaceId: string) {
      // Its asset file rows go with it; the collection then removes the blobs no other space uses.
      await storage.transaction(async (repos) => {
        if (!(await repos.spaces.delete(spaceId))) throw notFound('Space', spaceId);
        await enqueueAssetFilesGc(repos, {});
      });
      announceJobs(storage);
    },
  };
}

export type SpacesService = ReturnType<typeof spacesService>;
