import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { TAGS } from '../../domain/shared/collection-schemas.ts';
import { collection } from '../../domain/shared/paging.ts';
import { created, noContent, ok, type ApiRequest } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import { presentTag } from '../presenters/tags.presenter.ts';

/** One implementation per operation, bound to both `Tags_*` (environment path) and `MasterTags_*` (no environment: master). */
export function tagsHandlers({ tags }: Services) {
  const at = (req: Pick<ApiRequest<'Tags_get' | 'MasterTags_get'>, 'actor' | 'params'>) =>
    [req.actor, req.params.space_id, req.params.environment_id, req.params.tag_id] as const;
  return onBothPaths('Tags', {
    list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, TAGS);
      const { items, total } = await tags.list(req.actor, req.params.space_id, req.params.environment_id, page);
      return ok(collection(items.map(presentTag), total, page));
    },
    get: async (req) => ok(presentTag(await tags.get(...at(req)))),
    createOrUpdate: async (req) => {
      const { created: isNew, view } = await tags.put(
        ...at(req),
        req.body,
        req.version,
        req.vendorHeader('Tag-Visibility'),
      );
      if (!isNew) return ok(presentTag(view));
      const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
      return created(presentTag(view), `${req.baseUrl}/spaces/${req.params.space_id}${base}/tags/${view.tag.id}`);
    },
    delete: async (req) => {
      await tags.delete(...at(req), req.version);
      return noContent();
    },
  });
}
