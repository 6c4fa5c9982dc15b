import type { Services } from '../../domain/index.ts';
import { grantOf } from '../../domain/access/grant.ts';
import { created, noContent, ok, type HandlerMap } from '../handler.ts';
import {
  presentAppAccessToken,
  presentAppDefinition,
  presentAppDefinitionPage,
  presentAppEventSubscription,
  presentAppInstallation,
  presentAppInstallationPage,
  presentAppKey,
  presentAppKeys,
} from '../presenters/apps.presenter.ts';

const DEFAULT_LIMIT = 100;
const pageOf = (query: { skip?: number; limit?: number }) => ({
  skip: query.skip ?? 0,
  limit: query.limit ?? DEFAULT_LIMIT,
});

export function appsHandlers({ apps }: Services) {
  return {
    AppDefinitions_list: async (req) => {
      const page = pageOf(req.query);
      const result = await apps.listDefinitions(grantOf(req.grant, 'organization'), page);
      return ok(presentAppDefinitionPage(result, page.skip, page.limit));
    },
    AppDefinitions_get: async (req) =>
      ok(
        presentAppDefinition(
          await apps.getDefinition(grantOf(req.grant, 'organization'), req.params.app_definition_id),
        ),
      ),
    AppDefinitions_create: async (req) => {
      const app = await apps.createDefinition(req.actor, grantOf(req.grant, 'organization'), req.body);
      return created(
        presentAppDefinition(app),
        `${req.baseUrl}/organizations/${app.organizationId}/app_definitions/${app.id}`,
      );
    },
    AppDefinitions_update: async (req) =>
      ok(
        presentAppDefinition(
          await apps.updateDefinition(
            req.actor,
            grantOf(req.grant, 'organization'),
            req.params.app_definition_id,
            req.version,
            req.body,
          ),
        ),
      ),
    AppDefinitions_delete: async (req) => {
      await apps.deleteDefinition(grantOf(req.grant, 'organization'), req.params.app_definition_id);
      return noContent();
    },

    AppKeys_list: async (req) =>
      ok(presentAppKeys(await apps.listKeys(grantOf(req.grant, 'organization'), req.params.app_definition_id))),
    AppKeys_get: async (req) =>
      ok(
        presentAppKey(
          await apps.getKey(grantOf(req.grant, 'organization'), req.params.app_definition_id, req.params.key_id),
        ),
      ),
    AppKeys_create: async (req) => {
      const { key, privateKey } = await apps.createKey(
        req.actor,
        grantOf(req.grant, 'organization'),
        req.params.app_definition_id,
        req.body,
      );
      return created(presentAppKey(key, privateKey));
    },
    AppKeys_delete: async (req) => {
      await apps.deleteKey(grantOf(req.grant, 'organization'), req.params.app_definition_id, req.params.key_id);
      return noContent();
    },

    AppEventSubscriptions_get: async (req) =>
      ok(
        presentAppEventSubscription(
          await apps.getEventSubscription(grantOf(req.grant, 'organization'), req.params.app_definition_id),
        ),
      ),
    AppEventSubscriptions_upsert: async (req) => {
      const { record, created: isNew } = await apps.upsertEventSubscription(
        req.actor,
        grantOf(req.grant, 'organization'),
        req.params.app_definition_id,
        req.body,
      );
      return isNew ? created(presentAppEventSubscription(record)) : ok(presentAppEventSubscription(record));
    },
    AppEventSubscriptions_delete: async (req) => {
      await apps.deleteEventSubscription(grantOf(req.grant, 'organization'), req.params.app_definition_id);
      return noContent();
    },

    AppInstallations_list: async (req) => {
      const page = pageOf(req.query);
      const result = await apps.listInstallations(req.params.space_id, req.params.environment_id, page);
      return ok(presentAppInstallationPage(result, page.skip, page.limit));
    },
    AppInstallations_get: async (req) =>
      ok(
        presentAppInstallation(
          await apps.getInstallation(req.params.space_id, req.params.environment_id, req.params.app_definition_id),
        ),
      ),
    AppInstallations_install: async (req) => {
      const { record, created: isNew } = await apps.install(
        req.actor,
        grantOf(req.grant, 'space'),
        req.params.environment_id,
        req.params.app_definition_id,
        req.body,
      );
      return isNew ? created(presentAppInstallation(record)) : ok(presentAppInstallation(record));
    },
    AppInstallations_uninstall: async (req) => {
      await apps.uninstall(req.params.space_id, req.params.environment_id, req.params.app_definition_id);
      return noContent();
    },

    AppAccessTokens_create: async (req) => {
      const { token, record } = await apps.issueAccessToken(grantOf(req.grant, 'appAssertion'));
      return created(presentAppAccessToken(token, record));
    },
  } satisfies Partial<HandlerMap>;
}
