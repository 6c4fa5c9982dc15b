import { collection, parsePage } from "../../domain/shared/paging.js";
import { ok } from "../handler.js";
import { presentEditorInterface } from "../presenters/editor-interfaces.presenter.js";
/** One implementation per operation, bound to `EditorInterfaces_*` (environment path) and `MasterEditorInterfaces_*` (master). */
export function editorInterfacesHandlers({ editorInterfaces }) {
    const operations = {
        list: async (req) => {
            // `order` is accepted and ignored: editor interfaces follow their content types' creation order.
            const page = parsePage({ skip: req.query.skip, limit: req.query.limit }, {}, []);
            const { items, total } = await editorInterfaces.list(req.actor, req.params.space_id, req.params.environment_id, page);
            return ok(collection(items.map(presentEditorInterface), total, page));
        },
        get: async (req) => ok(presentEditorInterface(await editorInterfaces.get(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id))),
        update: async (req) => ok(presentEditorInterface(await editorInterfaces.update(req.actor, req.params.space_id, req.params.environment_id, req.params.content_type_id, req.body, req.version))),
    };
    return Object.fromEntries(Object.entries(operations).flatMap(([name, handler]) => [[`EditorInterfaces_${name}`, handler], [`MasterEditorInterfaces_${name}`, handler]]));
}
