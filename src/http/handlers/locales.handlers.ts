import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { LOCALES } from '../../domain/shared/collection-schemas.ts';
import { collection } from '../../domain/shared/paging.ts';
import { created, noContent, ok } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import { presentLocale } from '../presenters/locales.presenter.ts';

/** One implementation per operation, bound to both `Locales_*` (environment path) and `MasterLocales_*` (no environment: master). */
export function localesHandlers({ locales }: Services) {
  return onBothPaths('Locales', {
    list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, LOCALES);
      const { items, total } = await locales.list(req.actor, req.params.space_id, req.params.environment_id, page);
      return ok(collection(items.map(presentLocale), total, page));
    },

    create: async (req) => {
      const view = await locales.create(req.actor, req.params.space_id, req.params.environment_id, req.body);
      const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
      return created(
        presentLocale(view),
        `${req.baseUrl}/spaces/${req.params.space_id}${base}/locales/${view.locale.id}`,
      );
    },

    get: async (req) =>
      ok(
        presentLocale(
          await locales.get(req.actor, req.params.space_id, req.params.environment_id, req.params.locale_id),
        ),
      ),

    update: async (req) =>
      ok(
        presentLocale(
          await locales.update(
            req.actor,
            req.params.space_id,
            req.params.environment_id,
            req.params.locale_id,
            req.body,
            req.version,
          ),
        ),
      ),

    delete: async (req) => {
      await locales.delete(req.actor, req.params.space_id, req.params.environment_id, req.params.locale_id);
      return noContent();
    },
  });
}
