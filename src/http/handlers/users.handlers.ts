import { grantOf } from '../../domain/access/grant.ts';
import { collection, parsePage } from '../../domain/shared/paging.ts';
import type { Services } from '../../domain/index.ts';
import { created, ok, type HandlerMap } from '../handler.ts';
import { presentOrganization, presentToken, presentUser } from '../presenters/users.presenter.ts';

const orderable = { 'sys.createdAt': 'createdAt', 'sys.updatedAt': 'updatedAt', 'sys.id': 'id', name: 'name' } as const;

export function usersHandlers({ identity }: Services) {
  return {
    Me_get: async (req) => ok(presentUser(grantOf(req.grant, 'user').user)),

    PersonalAccessTokens_list: async (req) => {
      const page = parsePage(req.query, orderable, [{ key: 'createdAt', direction: 'desc' }]);
      const { items, total } = await identity.listTokens(grantOf(req.grant, 'user'), page);
      return ok(
        collection(
          items.map((t) => presentToken(t)),
          total,
          page,
        ),
      );
    },

    PersonalAccessTokens_create: async (req) => {
      const { record, token } = await identity.createToken(grantOf(req.grant, 'user'), req.body);
      return created(presentToken(record, token), `${req.baseUrl}/users/me/access_tokens/${record.id}`);
    },

    PersonalAccessTokens_get: async (req) =>
      ok(presentToken(await identity.getToken(grantOf(req.grant, 'user'), req.params.token_id))),

    PersonalAccessTokens_revoke: async (req) =>
      ok(presentToken(await identity.revokeToken(grantOf(req.grant, 'user'), req.params.token_id))),

    Organizations_list: async (req) => {
      const page = parsePage(req.query, orderable, [{ key: 'createdAt', direction: 'asc' }]);
      const { items, total } = await identity.listOrganizations(grantOf(req.grant, 'user'), page);
      return ok(collection(items.map(presentOrganization), total, page));
    },
  } satisfies Partial<HandlerMap>;
}
