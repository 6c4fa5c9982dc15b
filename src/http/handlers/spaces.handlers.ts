import { grantOf } from '../../domain/access/grant.ts';
import { collection, parsePage } from '../../domain/shared/paging.ts';
import type { Services } from '../../domain/index.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import { presentSpace } from '../presenters/spaces.presenter.ts';

const orderable = { 'sys.createdAt': 'createdAt', 'sys.updatedAt': 'updatedAt', 'sys.id': 'id', name: 'name' } as const;

export function spacesHandlers({ spaces }: Services) {
  return {
    Spaces_list: async (req) => {
      const page = parsePage(req.query, orderable, [{ key: 'createdAt', direction: 'asc' }]);
      const { items, total } = await spaces.list(grantOf(req.grant, 'user'), page);
      return ok(collection(items.map(presentSpace), total, page));
    },

    Spaces_create: async (req) => {
      const space = await spaces.create(req.actor, grantOf(req.grant, 'organizations'), {
        name: req.body.name,
        defaultLocale: req.body.defaultLocale,
        organizationId: req.vendorHeader('Organization'),
      });
      return created(presentSpace(space), `${req.baseUrl}/spaces/${space.id}`);
    },

    Spaces_get: async (req) => ok(presentSpace(await spaces.get(req.params.space_id))),

    Spaces_update: async (req) =>
      ok(presentSpace(await spaces.rename(req.actor, grantOf(req.grant, 'space'), req.body.name, req.version))),

    Spaces_delete: async (req) => {
      await spaces.delete(req.params.space_id);
      return noContent();
    },
  } satisfies Partial<HandlerMap>;
}
