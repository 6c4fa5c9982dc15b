import type { Services } from '../../domain/index.ts';
import { compileCollectionQuery } from '../../domain/shared/collection-query.ts';
import { EDITOR_INTERFACES } from '../../domain/shared/collection-schemas.ts';
import { collection } from '../../domain/shared/paging.ts';
import { ok } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import { presentEditorInterface } from '../presenters/editor-interfaces.presenter.ts';

/** One implementation per operation, bound to `EditorInterfaces_*` (environment path) and `MasterEditorInterfaces_*` (master). */
export function editorInterfacesHandlers({ editorInterfaces }: Services) {
  return onBothPaths('EditorInterfaces', {
    list: async (req) => {
      const page = compileCollectionQuery(req.rawQuery, EDITOR_INTERFACES);
      const { items, total } = await editorInterfaces.list(
        req.actor,
        req.params.space_id,
        req.params.environment_id,
        page,
      );
      return ok(collection(items.map(presentEditorInterface), total, page));
    },

    get: async (req) =>
      ok(
        presentEditorInterface(
          await editorInterfaces.get(
            req.actor,
            req.params.space_id,
            req.params.environment_id,
            req.params.content_type_id,
          ),
        ),
      ),

    update: async (req) =>
      ok(
        presentEditorInterface(
          await editorInterfaces.update(
            req.actor,
            req.params.space_id,
            req.params.environment_id,
            req.params.content_type_id,
            req.body,
            req.version,
          ),
        ),
      ),
  });
}
