import { AppError, notFound } from '../../errors/index.ts';
import type { Storage } from '../../storage/port/index.ts';
import { verifyAppJwt } from '../apps/app-jwt.ts';
import type { AppAssertionActor, AppInstallationActor } from '../shared/actor.ts';
import { accessDenied } from './access-denied.ts';
import type { AppAssertionGrant, SpaceGrant } from './grant.ts';
import type { AccessRule } from './operation-table.ts';
import { ALL_RIGHTS } from './space-rights.ts';

type Params = Readonly<Record<string, string>>;

/** The environment a space path names: `master` for the paths without an environment segment. */
const environmentOf = (params: Params) => params.environment_id ?? 'master';

/** Whether an app access token allows the operation: content types, editor interfaces, entries, assets, its installation. */
function allowsApp(rule: Extract<AccessRule, { scope: 'space' }>, actor: AppInstallationActor, params: Params) {
  switch (rule.subject) {
    case 'Entry':
    case 'Asset':
    case 'ContentModel':
      return true;
    case 'AppInstallation':
      return rule.action === 'read' && params.app_definition_id === actor.appDefinitionId;
    default:
      return false;
  }
}

/**
 * Decides for an app acting through an app access token: the space and environment of its installation only (another
 * space is not revealed: 404), and there every action on content types, editor interfaces, entries and assets and the
 * read of its own installation; anything else 403.
 */
export async function forAppInstallation(
  storage: Pick<Storage, 'repos'>,
  actor: AppInstallationActor,
  rule: Exclude<AccessRule, { scope: 'anyone' }>,
  params: Params,
  operationId: string,
): Promise<SpaceGrant> {
  if (rule.scope !== 'space' || !allowsApp(rule, actor, params))
    throw accessDenied(
      `An app access token may not call ${operationId}.`,
      'app access tokens allow content types, editor interfaces, entries, assets and their own installation only',
    );
  const space = params.space_id === actor.spaceId ? await storage.repos.spaces.find(actor.spaceId) : undefined;
  if (!space) throw notFound('Space', params.space_id ?? '');
  if (environmentOf(params) !== actor.environmentId)
    throw accessDenied(
      `This app access token is for the environment ${actor.environmentId}.`,
      'app access tokens act in the environment of their installation only',
    );
  return { scope: 'space', space, standing: 'app', rights: ALL_RIGHTS };
}

/**
 * Decides the exchange of an app's JWT for an app access token: only that operation, with a JWT signed by one of the
 * keys of the app the path names (401 otherwise), for an installation that exists (404 otherwise).
 */
export async function forAppAssertion(
  storage: Pick<Storage, 'repos'>,
  actor: AppAssertionActor,
  rule: Exclude<AccessRule, { scope: 'anyone' }>,
  params: Params,
): Promise<AppAssertionGrant> {
  if (rule.scope !== 'appAssertion') throw new AppError('AccessTokenInvalid');
  const appDefinitionId = params.app_definition_id!;
  const keys = await storage.repos.apps.listKeys(appDefinitionId);
  await verifyAppJwt(actor.jwt, appDefinitionId, keys);
  const installation = await storage.repos.apps.findInstallation(
    params.space_id!,
    environmentOf(params),
    appDefinitionId,
  );
  if (!installation) throw notFound('AppInstallation', appDefinitionId);
  return { scope: 'appAssertion', installation };
}
