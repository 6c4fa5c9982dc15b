import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { EXTENSIONS } from '../../domain/shared/collection-schemas.ts';
import { collection } from '../../domain/shared/paging.ts';
import { created, noContent, ok, type ApiRequest } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import { presentExtension } from '../presenters/extensions.presenter.ts';

const pathOf = (
  req: Pick<ApiRequest<'Extensions_create' | 'MasterExtensions_create'>, 'baseUrl' | 'params'>,
  id: string,
) =>
  `${req.baseUrl}/spaces/${req.params.space_id}${req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`}/extensions/${id}`;

/** One implementation per operation, bound to `Extensions_*` (environment path) and `MasterExtensions_*` (master). */
export function extensionsHandlers({ extensions }: Services) {
  return onBothPaths('Extensions', {
    list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, EXTENSIONS);
      const { items, total } = await extensions.list(req.actor, req.params.space_id, req.params.environment_id, page);
      return ok(collection(items.map(presentExtension), total, page));
    },

    create: async (req) => {
      const view = await extensions.create(req.actor, req.params.space_id, req.params.environment_id, req.body);
      return created(presentExtension(view), pathOf(req, view.record.id));
    },

    get: async (req) =>
      ok(
        presentExtension(
          await extensions.get(req.actor, req.params.space_id, req.params.environment_id, req.params.extension_id),
        ),
      ),

    createOrUpdate: async (req) => {
      const { view, created: isNew } = await extensions.createOrUpdate(
        req.actor,
        req.params.space_id,
        req.params.environment_id,
        req.params.extension_id,
        req.body,
        req.version,
      );
      return isNew ? created(presentExtension(view), pathOf(req, view.record.id)) : ok(presentExtension(view));
    },

    delete: async (req) => {
      await extensions.delete(req.actor, req.params.space_id, req.params.environment_id, req.params.extension_id);
      return noContent();
    },
  });
}
