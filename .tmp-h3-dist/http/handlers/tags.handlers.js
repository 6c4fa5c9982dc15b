import { collection, parsePage } from "../../domain/shared/paging.js";
import { created, noContent, ok } from "../handler.js";
import { presentTag } from "../presenters/tags.presenter.js";
const ORDERABLE = { name: 'name', 'sys.id': 'id', 'sys.createdAt': 'createdAt', 'sys.updatedAt': 'updatedAt' };
/** One implementation per operation, bound to both `Tags_*` (environment path) and `MasterTags_*` (no environment: master). */
export function tagsHandlers({ tags }) {
    const at = (req) => [req.actor, req.params.space_id, req.params.environment_id, req.params.tag_id];
    const operations = {
        list: async (req) => {
            const page = parsePage({ skip: req.query.skip, limit: req.query.limit, order: req.query.order }, ORDERABLE, [{ key: 'createdAt', direction: 'asc' }]);
            const { items, total } = await tags.list(req.actor, req.params.space_id, req.params.environment_id, page);
            return ok(collection(items.map(presentTag), total, page));
        },
        get: async (req) => ok(presentTag(await tags.get(...at(req)))),
        createOrUpdate: async (req) => {
            const { created: isNew, view } = await tags.put(...at(req), req.body, req.version, req.vendorHeader('Tag-Visibility'));
            if (!isNew)
                return ok(presentTag(view));
            const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
            return created(presentTag(view), `${req.baseUrl}/spaces/${req.params.space_id}${base}/tags/${view.tag.id}`);
        },
        delete: async (req) => {
            await tags.delete(...at(req), req.version);
            return noContent();
        },
    };
    return Object.fromEntries(Object.entries(operations).flatMap(([name, handler]) => [[`Tags_${name}`, handler], [`MasterTags_${name}`, handler]]));
}
