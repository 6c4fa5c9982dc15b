import type { Services } from '../../domain/index.ts';
import { ROLES } from '../../domain/shared/collection-schemas.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { collection } from '../../domain/shared/paging.ts';
import { ORGANIZATION_ROLES } from '../../domain/shared/user-management-collections.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentRole } from '../presenters/roles.presenter.ts';

export function rolesHandlers({ roles }: Services) {
  return {
    Roles_list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, ROLES);
      const { items, total } = await roles.list(req.params.space_id, page);
      return ok(collection(items.map(presentRole), total, page));
    },

    Roles_create: async (req) => {
      const role = await roles.create(req.actor, req.params.space_id, req.body);
      return created(presentRole(role), `${req.baseUrl}/spaces/${role.spaceId}/roles/${role.id}`);
    },

    Roles_get: async (req) => ok(presentRole(await roles.get(req.params.space_id, req.params.role_id))),

    Roles_update: async (req) =>
      ok(presentRole(await roles.update(req.actor, req.params.space_id, req.params.role_id, req.body, req.version))),

    OrganizationRoles_list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, ORGANIZATION_ROLES);
      const { items, total } = await roles.listInOrganization(req.params.organization_id, page);
      return ok(collection(items.map(presentRole), total, page));
    },

    Roles_delete: async (req) => {
      await roles.delete(req.actor, req.params.space_id, req.params.role_id, req.version);
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
