import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import { created, noContent, ok, type ApiRequest } from '../handler.ts';
import { onBothPaths } from './on-both-paths.ts';
import { presentAsset } from '../presenters/assets.presenter.ts';
import { autoSaved } from './auto-save-header.ts';

/** What the service arguments read of an operation on one asset, on either path. */
type AssetRequest = Pick<ApiRequest<'Assets_get' | 'MasterAssets_get'>, 'actor' | 'grant' | 'params'>;

const location = (req: Pick<ApiRequest<'Assets_create' | 'MasterAssets_create'>, 'baseUrl' | 'params'>, id: string) => {
  const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
  return `${req.baseUrl}/spaces/${req.params.space_id}${base}/assets/${id}`;
};

/** One implementation per operation, bound to both `Assets_*` (environment path) and `MasterAssets_*` (no environment: master). */
export function assetsHandlers({ assets }: Services) {
  const at = (req: AssetRequest) =>
    [req.actor, rightsOf(req.grant), req.params.space_id, req.params.environment_id, req.params.asset_id] as const;
  return onBothPaths('Assets', {
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
  });
}
