import type { Services } from '../../domain/index.ts';
import { collection } from '../../domain/shared/paging.ts';
import { ok, type HandlerMap } from '../handler.ts';
import { presentOrganizationPeriodicUsage, presentSpacePeriodicUsage } from '../presenters/usage.presenter.ts';

export function usageHandlers({ usage }: Services) {
  return {
    OrganizationPeriodicUsages_list: async (req) => {
      const { items, total, page } = await usage.forOrganization(req.params.organization_id, req.rawQuery);
      return ok(collection(items.map(presentOrganizationPeriodicUsage), total, page));
    },

    SpacePeriodicUsages_list: async (req) => {
      const { items, total, page } = await usage.forSpaces(req.params.organization_id, req.rawQuery);
      return ok(collection(items.map(presentSpacePeriodicUsage), total, page));
    },
  } satisfies Partial<HandlerMap>;
}
