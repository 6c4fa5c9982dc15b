import { AppError, notFound, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { PageRequest, SpaceAccess, SpaceOrderKey, Storage } from '../../storage/port/index.ts';
import type { Actor } from '../shared/actor.ts';
import { announceJobs } from '../../jobs/job-signal.ts';
import { enqueueAssetFilesGc } from '../uploads/asset-files-gc.ts';

export interface NewSpaceInput {
  name: string;
  defaultLocale?: string;
  organizationId?: string;
}

export const MASTER = 'master';

/** Spaces: the unit of access and of the rate-limit bucket's organization. */
export function spacesService(storage: Storage) {
  const { spaces } = storage.repos;

  /** The space if the actor may see it; otherwise NotFound, so existence is not revealed. */
  async function access(actor: Actor, spaceId: string): Promise<SpaceAccess> {
    return (await spaces.findAccessible(actor.user.id, spaceId)) ?? Promise.reject(notFound('Space', spaceId));
  }

  /**
   * @deprecated The authorizer (`domain/access/authorizer.ts`) decides who may change a space, from the operation
   * table, before any handler runs; use `access` for the space. Kept only until the roles service stops calling it.
   */
  async function requireAdmin(actor: Actor, spaceId: string): Promise<SpaceAccess> {
    const found = await access(actor, spaceId);
    if (!found.admin)
      throw new AppError('AccessDenied', 'Only space admins may do this.', { reasons: ['admin role required'] });
    return found;
  }

  async function chooseOrganization(actor: Actor, requested: string | undefined): Promise<string> {
    const roles = await storage.repos.identity.organizationRoles(actor.user.id);
    const creatable = roles.filter((r) => r.role === 'owner' || r.role === 'admin').map((r) => r.organizationId);
    if (requested !== undefined) {
      if (!roles.some((r) => r.organizationId === requested)) throw notFound('Organization', requested);
      if (!creatable.includes(requested))
        throw new AppError('AccessDenied', 'Only organization owners and admins can create spaces.', {
          reasons: ['organization owner or admin role required'],
        });
      return requested;
    }
    if (creatable.length === 1) return creatable[0];
    if (creatable.length === 0)
      throw new AppError('AccessDenied', 'Only organization owners and admins can create spaces.', {
        reasons: ['organization owner or admin role required'],
      });
    throw new AppError('MissingOrganizationParameter');
  }

  return {
    access,
    requireAdmin,

    list: (actor: Actor, page: PageRequest<SpaceOrderKey>) => spaces.listAccessible(actor.user.id, page),

    /** Reads the space afresh: access checks may be served from the read cache, a representation never is. */
    async get(actor: Actor, spaceId: string) {
      await access(actor, spaceId);
      return (await spaces.find(spaceId)) ?? Promise.reject(notFound('Space', spaceId));
    },

    /** Creates the space with its `master` environment (ready) and its default locale, all in one transaction. */
    async create(actor: Actor, input: NewSpaceInput) {
      const organizationId = await chooseOrganization(actor, input.organizationId);
      const code = input.defaultLocale ?? 'en-US';
      return storage.transaction(async (repos) => {
        const space = await repos.spaces.insert({
          id: generateId(),
          organizationId,
          name: input.name,
          createdBy: actor.user.id,
        });
        await repos.spaces.insertMembership({
          id: generateId(),
          spaceId: space.id,
          userId: actor.user.id,
          admin: true,
          createdBy: actor.user.id,
        });
        await repos.environments.insert({
          spaceId: space.id,
          id: MASTER,
          name: MASTER,
          status: 'ready',
          sourceEnvironmentId: null,
          createdBy: actor.user.id,
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
          createdBy: actor.user.id,
        });
        return space;
      });
    },

    async rename(actor: Actor, spaceId: string, name: string, version: number | undefined) {
      const { space } = await access(actor, spaceId);
      if (version === undefined || version !== space.version) throw versionMismatch(space.version, version);
      const updated = await spaces.rename(spaceId, name, version, actor.user.id);
      if (updated) return updated;
      const current = await spaces.find(spaceId);
      throw current ? versionMismatch(current.version, version) : notFound('Space', spaceId);
    },

    async delete(actor: Actor, spaceId: string) {
      await access(actor, spaceId);
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
