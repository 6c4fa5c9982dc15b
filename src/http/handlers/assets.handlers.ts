import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import { created, noContent, ok, type ApiRequest, type Handler, type HandlerMap } from '../handler.ts';
import { presentAsset } from '../presenters/assets.presenter.ts';
import { autoSaved } from './auto-save-header.ts';

const location = (req: ApiRequest, id: string) => {
  const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
  return `${req.baseUrl}/spaces/${req.params.space_id}${base}/assets/${id}`;
};

/** One implementation per operation, bound to both `Assets_*` (environment path) and `MasterAssets_*` (no environment: master). */
export function assetsHandlers({ assets }: Services): HandlerMap {
  const at = (req: ApiRequest) =>
    [req.actor, rightsOf(req.grant), req.params.space_id, req.params.environment_id, req.params.asset_id] as const;
  const operations: Record<string, Handler> = {
    create: async (req) => {
      const view = await assets.create(
        req.actor,
        rightsOf(req.grant),
        req.params.space_id,
        req.params.environment_id,
        req.body,
      );
      return created(presentAsset(view, req.vendorToken), location(req, view.record.id));
    },
    get: async (req) => ok(presentAsset(await assets.get(...at(req)), req.vendorToken)),
    createOrUpdate: async (req) => {
      const { created: isNew, view } = await assets.createOrUpdate(...at(req), req.body, req.version, autoSaved(req));
      return isNew
        ? created(presentAsset(view, req.vendorToken), location(req, view.record.id))
        : ok(presentAsset(view, req.vendorToken));
    },
    delete: async (req) => {
      await assets.delete(...at(req));
      return noContent();
    },
    publish: async (req) => ok(presentAsset(await assets.publish(...at(req), req.version), req.vendorToken)),
    unpublish: async (req) => ok(presentAsset(await assets.unpublish(...at(req)), req.vendorToken)),
    archive: async (req) => ok(presentAsset(await assets.archive(...at(req), req.version), req.vendorToken)),
    unarchive: async (req) => ok(presentAsset(await assets.unarchive(...at(req), req.version), req.vendorToken)),
  };
  return Object.fromEntries(
    Object.entries(operations).flatMap(([name, handler]) => [
      [`Assets_${name}`, handler],
      [`MasterAssets_${name}`, handler],
    ]),
  );
}
