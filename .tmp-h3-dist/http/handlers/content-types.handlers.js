import { collection, parsePage } from "../../domain/shared/paging.js";
import { created, noContent, ok } from "../handler.js";
import { presentActivatedContentType, presentContentType, presentContentTypeSnapshot } from "../presenters/content-types.presenter.js";
const ORDERABLE = { 'sys.createdAt': 'createdAt', 'sys.updatedAt': 'updatedAt', 'sys.id': 'id', name: 'name' };
const DEFAULT_ORDER = [{ key: 'createdAt', direction: 'asc' }];
const pathOf = (req, id) => `${req.baseUrl}/spaces/${req.params.space_id}${req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`}/content_types/${id}`;
/** One implementation per operation, bound to `ContentTypes_*` (environment path) and `MasterContentTypes_*` (master). */
export function contentTypesHandlers({ contentTypes, contentTypeSnapshots }) {
    const operations = {
        list: async (req) => {
            const page = parsePage(req.query, ORDERABLE, DEFAULT_ORDER);
            const { items, total } = await contentTypes.list(req.actor, req.params.space_id, req.params.environment_id, page);
            return ok(collection(items.map((item) => presentContentType(item, req.vendorToken)), total, page));
        },
        create: async (req) => {
            const view = await contentTypes.create(req.actor, req.params.space_id, req.params.environment_id, req.body);
            return created(presentContentType(view, req.vendorToken), pathOf(req, view.record.id));
        },
        get: async (req) => ok(presentContentType(await contentTypes.get(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id), req.vendorToken)),
        createOrUpdate: async (req) => {
            const { view, created: isNew } = await contentTypes.createOrUpdate(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id, req.body, req.version);
            return isNew ? created(presentContentType(view, req.vendorToken), pathOf(req, view.record.id)) : ok(presentContentType(view, req.vendorToken));
        },
        delete: async (req) => {
            await contentTypes.delete(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id);
            return noContent();
        },
        activate: async (req) => ok(presentContentType(await contentTypes.activate(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id, req.version), req.vendorToken)),
        deactivate: async (req) => ok(presentContentType(await contentTypes.deactivate(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id), req.vendorToken)),
        listSnapshots: async (req) => {
            const page = parsePage({ skip: req.query.skip, limit: req.query.limit }, {}, []);
            const { items, total } = await contentTypeSnapshots.list(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id, page);
            return ok(collection(items.map((item) => presentContentTypeSnapshot(item, req.vendorToken)), total, page));
        },
        getSnapshot: async (req) => ok(presentContentTypeSnapshot(await contentTypeSnapshots.get(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id, req.params.snapshot_id), req.vendorToken)),
    };
    const activatedList = async (req) => {
        const page = parsePage(req.query, ORDERABLE, DEFAULT_ORDER);
        const { items, total } = await contentTypes.list(req.actor, req.params.space_id, req.params.environment_id, page, { activatedOnly: true });
        return ok(collection(items.map((item) => presentActivatedContentType(item, req.vendorToken)), total, page));
    };
    return {
        ...Object.fromEntries(Object.entries(operations).flatMap(([name, handler]) => [[`ContentTypes_${name}`, handler], [`MasterContentTypes_${name}`, handler]])),
        ActivatedContentTypes_list: activatedList,
        MasterActivatedContentTypes_list: activatedList,
    };
}
