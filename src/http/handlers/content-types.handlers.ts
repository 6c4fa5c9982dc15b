import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { CONTENT_TYPES } from '../../domain/shared/collection-schemas.ts';
import { collection, parsePage } from '../../domain/shared/paging.ts';
import { created, noContent, ok, type ApiRequest, type Handler } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import {
  presentActivatedContentType,
  presentContentType,
  presentContentTypeSnapshot,
} from '../presenters/content-types.presenter.ts';

const pathOf = (
  req: Pick<ApiRequest<'ContentTypes_create' | 'MasterContentTypes_create'>, 'baseUrl' | 'params'>,
  id: string,
) =>
  `${req.baseUrl}/spaces/${req.params.space_id}${req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`}/content_types/${id}`;

/** One implementation per operation, bound to `ContentTypes_*` (environment path) and `MasterContentTypes_*` (master). */
export function contentTypesHandlers({ contentTypes, contentTypeSnapshots }: Services) {
  const operations = onBothPaths('ContentTypes', {
    list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, CONTENT_TYPES);
      const { items, total } = await contentTypes.list(req.actor, req.params.space_id, req.params.environment_id, page);
      return ok(
        collection(
          items.map((item) => presentContentType(item, req.vendorToken)),
          total,
          page,
        ),
      );
    },

    create: async (req) => {
      const view = await contentTypes.create(req.actor, req.params.space_id, req.params.environment_id, req.body);
      return created(presentContentType(view, req.vendorToken), pathOf(req, view.record.id));
    },

    get: async (req) =>
      ok(
        presentContentType(
          await contentTypes.get(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id),
          req.vendorToken,
        ),
      ),

    createOrUpdate: async (req) => {
      const { view, created: isNew } = await contentTypes.createOrUpdate(
        req.actor,
        req.params.space_id,
        req.params.environment_id,
        req.params.content_type_id,
        req.body,
        req.version,
      );
      return isNew
        ? created(presentContentType(view, req.vendorToken), pathOf(req, view.record.id))
        : ok(presentContentType(view, req.vendorToken));
    },

    delete: async (req) => {
      await contentTypes.delete(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id);
      return noContent();
    },

    activate: async (req) =>
      ok(
        presentContentType(
          await contentTypes.activate(
            req.actor,
            req.params.space_id,
            req.params.environment_id,
            req.params.content_type_id,
            req.version,
          ),
          req.vendorToken,
        ),
      ),

    deactivate: async (req) =>
      ok(
        presentContentType(
          await contentTypes.deactivate(
            req.actor,
            req.params.space_id,
            req.params.environment_id,
            req.params.content_type_id,
          ),
          req.vendorToken,
        ),
      ),

    listSnapshots: async (req) => {
      const page = parsePage({ skip: req.query.skip, limit: req.query.limit }, {}, []);
      const { items, total } = await contentTypeSnapshots.list(
        req.actor,
        req.params.space_id,
        req.params.environment_id,
        req.params.content_type_id,
        page,
      );
      return ok(
        collection(
          items.map((item) => presentContentTypeSnapshot(item, req.vendorToken)),
          total,
          page,
        ),
      );
    },

    getSnapshot: async (req) =>
      ok(
        presentContentTypeSnapshot(
          await contentTypeSnapshots.get(
            req.actor,
            req.params.space_id,
            req.params.environment_id,
            req.params.content_type_id,
            req.params.snapshot_id,
          ),
          req.vendorToken,
        ),
      ),
  });
  const activatedList: Handler<'ActivatedContentTypes_list' | 'MasterActivatedContentTypes_list'> = async (req) => {
    const page = compileCollectionQuery(req.rawQuery, CONTENT_TYPES);
    const { items, total } = await contentTypes.list(req.actor, req.params.space_id, req.params.environment_id, page, {
      activatedOnly: true,
    });
    return ok(
      collection(
        items.map((item) => presentActivatedContentType(item, req.vendorToken)),
        total,
        page,
      ),
    );
  };
  return { ...operations, ...onBothPaths('ActivatedContentTypes', { list: activatedList }) };
}
