import { collection, parsePage } from "../../domain/shared/paging.js";
import { created, noContent, ok } from "../handler.js";
import { presentLocale } from "../presenters/locales.presenter.js";
/** One implementation per operation, bound to both `Locales_*` (environment path) and `MasterLocales_*` (no environment: master). */
export function localesHandlers({ locales }) {
    const operations = {
        list: async (req) => {
            // `order` is accepted and ignored, as the hosted service does: locales come oldest first.
            const page = parsePage({ skip: req.query.skip, limit: req.query.limit }, {}, []);
            const { items, total } = await locales.list(req.actor, req.params.space_id, req.params.environment_id, page);
            return ok(collection(items.map(presentLocale), total, page));
        },
        create: async (req) => {
            const view = await locales.create(req.actor, req.params.space_id, req.params.environment_id, req.body);
            const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
            return created(presentLocale(view), `${req.baseUrl}/spaces/${req.params.space_id}${base}/locales/${view.locale.id}`);
        },
        get: async (req) => ok(presentLocale(await locales.get(req.actor, req.params.space_id, req.params.environment_id, req.params.locale_id))),
        update: async (req) => ok(presentLocale(await locales.update(req.actor, req.params.space_id, req.params.environment_id, req.params.locale_id, req.body, req.version))),
        delete: async (req) => {
            await locales.delete(req.actor, req.params.space_id, req.params.environment_id, req.params.locale_id);
            return noContent();
        },
    };
    return Object.fromEntries(Object.entries(operations).flatMap(([name, handler]) => [[`Locales_${name}`, handler], [`MasterLocales_${name}`, handler]]));
}
