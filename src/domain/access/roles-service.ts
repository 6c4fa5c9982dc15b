import { AppError, notFound, validationFailed, versionMismatch, type ErrorItem } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { PageRequest, RoleOrderKey, RoleRecord, Storage } from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
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
 * be left with no role. Who may read and write them is the authorizer's decision (the operation table).
 */
export function rolesService(storage: Storage) {
  const { roles } = storage.repos;

  return {
    list: (spaceId: string, page: PageRequest<RoleOrderKey>) => roles.page(spaceId, page),

    /** The roles of every space of the organization (its owners and admins only). */
    listInOrganization: (organizationId: string, page: { skip: number; limit: number }) =>
      roles.pageInOrganization(organizationId, page),

    async get(spaceId: string, id: string): Promise<RoleRecord> {
      return (await roles.find(spaceId, id)) ?? Promise.reject(notFound('Role', id));
    },

    /** Creates a role with a generated id at version 0. */
    async create(actor: Actor, spaceId: string, input: RoleInput): Promise<RoleRecord> {
      const role = definition(input);
      const inserted = await roles.insert({ spaceId, id: generateId(), ...role, createdBy: actorId(actor) });
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
      const current = await roles.find(spaceId, id);
      if (!current) throw notFound('Role', id);
      if (version !== current.version) throw versionMismatch(current.version, version);
      const role = definition(input);
      const updated = await roles.update(spaceId, id, role, version, actorId(actor));
      if (updated === 'nameTaken') throw validationFailed([nameTaken(role.name)]);
      if (updated) return updated;
      const now = await roles.find(spaceId, id);
      throw now ? versionMismatch(now.version, version) : notFound('Role', id);
    },

    /** Deletes the role and unlinks it from memberships; refused while a membership would be left with no role. */
    async delete(actor: Actor, spaceId: string, id: string, version: number | undefined): Promise<void> {
      const refusal = await storage.transaction(async (repos) => {
        const reason = await repos.roles.delete(spaceId, id, version, actorId(actor));
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
