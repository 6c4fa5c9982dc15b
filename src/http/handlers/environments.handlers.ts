import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { ENVIRONMENTS } from '../../domain/shared/collection-schemas.ts';
import { collection } from '../../domain/shared/paging.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentEnvironment } from '../presenters/environments.presenter.ts';

export function environmentsHandlers({ environments }: Services) {
  const location = (baseUrl: string, spaceId: string, id: string) =>
    `${baseUrl}/spaces/${encodeURIComponent(spaceId)}/environments/${encodeURIComponent(id)}`;

  return {
    Environments_list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, ENVIRONMENTS);
      const { items, total } = await environments.list(req.params.space_id, page);
      return ok(collection(items.map(presentEnvironment), total, page));
    },

    Environments_create: async (req) => {
      const view = await environments.create(req.actor, req.params.space_id, {
        name: req.body.name,
        source: req.vendorHeader('Source-Environment'),
      });
      return created(presentEnvironment(view), location(req.baseUrl, req.params.space_id, view.environment.id));
    },

    Environments_createOrUpdate: async (req) => {
      const { space_id: spaceId, environment_id: id } = req.params;
      const result = await environments.put(req.actor, spaceId, id, {
        name: req.body.name,
        version: req.version,
        source: req.vendorHeader('Source-Environment'),
      });
      return result.created
        ? created(presentEnvironment(result.view), location(req.baseUrl, spaceId, id))
        : ok(presentEnvironment(result.view));
    },

    Environments_get: async (req) =>
      ok(presentEnvironment(await environments.get(req.params.space_id, req.params.environment_id))),

    Environments_delete: async (req) => {
      await environments.delete(req.params.space_id, req.params.environment_id);
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
