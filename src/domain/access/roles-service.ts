import { AppError, notFound, validationFailed, versionMismatch, type ErrorItem } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { PageRequest, RoleOrderKey, RoleRecord, Storage } from '../../storage/port/index.ts';
import type { Actor } from '../shared/actor.ts';
import type { SpacesService } from '../spaces/spaces-service.ts';
import { validateRole, type RoleDefinition, type RoleInput } from './role-validation.ts';

const nameTaken = (name: string): ErrorItem => ({
  name: 'taken',
  path: ['name'],
  value: name,
  details: `Another role of this space is named "${name}".`,
});

function definition(input: RoleInput): RoleDefinition {
  const { role, problems } = validateRole(input);
  if (problems.length) throw validationFailed(problems);
  return role;
}

/**
 * Roles of a space: created with a generated id, replaced at the current version, deleted unless a membership would
 * be left with no role. Reading needs access to the space, writing the space admin role.
 */
export function rolesService(storage: Storage, spaces: SpacesService) {
  const { roles } = storage.repos;

  return {
    async list(actor: Actor, spaceId: string, page: PageRequest<RoleOrderKey>) {
      await spaces.access(actor, spaceId);
      return roles.page(spaceId, page);
    },

    /** The roles of every space of the organization: its owners and admins only. */
    async listInOrganization(actor: Actor, organizationId: string, page: { skip: number; limit: number }) {
      const membership = (await storage.repos.identity.organizationRoles(actor.user.id)).find(
        (r) => r.organizationId === organizationId,
      );
      if (!membership) throw notFound('Organization', organizationId);
      if (membership.role !== 'owner' && membership.role !== 'admin') {
        throw new AppError(
          'AccessDenied',
          'Only organization owners and admins may list the roles of the organization.',
          {
            reasons: ['organization owner or admin role required'],
          },
        );
      }
      return roles.pageInOrganization(organizationId, page);
    },

    async get(actor: Actor, spaceId: string, id: string): Promise<RoleRecord> {
      await spaces.access(actor, spaceId);
      return (await roles.find(spaceId, id)) ?? Promise.reject(notFound('Role', id));
    },

    /** Creates a role with a generated id at version 0. */
    async create(actor: Actor, spaceId: string, input: RoleInput): Promise<RoleRecord> {
      await spaces.requireAdmin(actor, spaceId);
      const role = definition(input);
      const inserted = await roles.insert({ spaceId, id: generateId(), ...role, createdBy: actor.user.id });
      if (inserted === 'nameTaken') throw validationFailed([nameTaken(role.name)]);
      return inserted;
    },

    /** Replaces the role at the current version; never creates one (an unknown id is 404). */
    async update(
      actor: Actor,
      spaceId: string,
      id: string,
      input: RoleInput,
      version: number | undefined,
    ): Promise<RoleRecord> {
      await spaces.requireAdmin(actor, spaceId);
      const current = await roles.find(spaceId, id);
      if (!current) throw notFound('Role', id);
      if (version !== current.version) throw versionMismatch(current.version, version);
      const role = definition(input);
      const updated = await roles.update(spaceId, id, role, version, actor.user.id);
      if (updated === 'nameTaken') throw validationFailed([nameTaken(role.name)]);
      if (updated) return updated;
      const now = await roles.find(spaceId, id);
      throw now ? versionMismatch(now.version, version) : notFound('Role', id);
    },

    /** Deletes the role and unlinks it from memberships; refused while a membership would be left with no role. */
    async delete(actor: Actor, spaceId: string, id: string, version: number | undefined): Promise<void> {
      await spaces.requireAdmin(actor, spaceId);
      const refusal = await storage.transaction(async (repos) => {
        const reason = await repos.roles.delete(spaceId, id, version, actor.user.id);
        return reason === 'inUse'
          ? { reason, memberships: await repos.roles.membershipsLeftWithoutRole(spaceId, id) }
          : reason && { reason };
      });
      if (!refusal) return;
      if (refusal.reason === 'missing') throw notFound('Role', id);
      if (refusal.reason === 'version') throw versionMismatch((await roles.find(spaceId, id))?.version, version);
      throw new AppError(
        'ActionPreconditionsFailed',
        `Role "${id}" cannot be deleted: ${refusal.memberships?.length} space membership(s) would be left with no role.`,
        {
          errors: [
            {
              name: 'inUse',
              memberships: refusal.memberships,
              details: 'A space membership that is not admin has this role as its only role.',
            },
          ],
        },
      );
    },
  };
}

export type RolesService = ReturnType<typeof rolesService>;
