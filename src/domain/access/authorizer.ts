import { AppError, notFound } from '../../errors/index.ts';
import type { OrganizationRole, SpaceAccess, Storage, UserRecord } from '../../storage/port/index.ts';
import { unknownActorKind, type Actor } from '../shared/actor.ts';
import { accessDenied } from './access-denied.ts';
import { forAppAssertion, forAppInstallation } from './app-access.ts';
import type { AccessGrant, SpaceGrant, SpaceStanding } from './grant.ts';
import { checkMemberRule } from './member-rules.ts';
import { accessRuleOf, type AccessRule, type OrganizationRule } from './operation-table.ts';
import { isOrganizationManager } from './record-rules.ts';
import { ALL_RIGHTS, memberRights } from './space-rights.ts';

export { rightsOf, type AccessGrant } from './grant.ts';

export type Authorize = (
  actor: Actor | undefined,
  operationId: string,
  params: Readonly<Record<string, string>>,
) => Promise<AccessGrant>;

const readOnlyToken = () =>
  accessDenied('This token has the content_management_read scope only.', 'content_management_manage scope required');
const organizationAdminRequired = () =>
  accessDenied('Only organization owners and admins may do this.', 'organization owner or admin role required');

export function standingOf(access: SpaceAccess): SpaceStanding {
  if (access.organizationRole) return access.organizationRole;
  return access.membership?.admin ? 'spaceAdmin' : 'member';
}

/**
 * The one place that decides whether an actor may run an operation, from the operation table and the path's
 * parameters. No access to the space or organization: 404 NotFound (existence is not revealed); access but not the
 * action: 403 AccessDenied with `details.reasons`; a read-only token never writes. Space access, a member's roles and
 * the organization roles come from the read cache (`spaces.findAccessible`, `memberRoles.rolesOf`,
 * `memberRoles.organizationRolesOf`), so a warm request costs no database read here. Members without the admin flag
 * get the compiled rights of their roles: permission areas are decided here, entries and assets by the services on
 * the entity (`grant.rights`, `entity-access.ts`), records by the rules of `record-rules.ts` on the grant.
 */
export function authorizer(storage: Pick<Storage, 'repos'>): Authorize {
  const { spaces, memberRoles } = storage.repos;

  async function inSpace(
    userId: string,
    rule: Extract<AccessRule, { scope: 'space' }>,
    spaceId: string | undefined,
    operationId: string,
  ): Promise<SpaceGrant> {
    if (spaceId === undefined) throw new Error(`a space rule needs a space_id path parameter (${rule.subject})`);
    const access = await spaces.findAccessible(userId, spaceId);
    if (!access) throw notFound('Space', spaceId);
    const standing = standingOf(access);
    if (standing !== 'member') return { scope: 'space', space: access.space, standing, rights: ALL_RIGHTS };
    const rights = memberRights(await memberRoles.rolesOf(spaceId, userId), userId);
    // `alsoOwn` (a member leaving the space): the grant's standing `member` makes the record rule allow their own only.
    if (!rights.all && !('alsoOwn' in rule && rule.alsoOwn)) checkMemberRule(rights, rule, operationId);
    return { scope: 'space', space: access.space, standing, rights };
  }

  async function inOrganization(
    user: UserRecord,
    rule: OrganizationRule,
    organizationId: string | undefined,
  ): Promise<AccessGrant> {
    // The actor's own organizations: theirs to list, as their account is.
    if (organizationId === undefined && rule.action === 'read') return { scope: 'user', user };
    const roles = await memberRoles.organizationRolesOf(user.id);
    if (organizationId === undefined) {
      if (!roles.some((r) => isOrganizationManager(r.role))) throw organizationAdminRequired();
      return { scope: 'organizations', roles };
    }
    const role: OrganizationRole | undefined = roles.find((r) => r.organizationId === organizationId)?.role;
    if (!role) throw notFound('Organization', organizationId);
    // `alsoOwn` (a member leaving the organization): the record rule allows their own membership only.
    if ((rule.action === 'read' && !rule.managersOnly) || isOrganizationManager(role) || rule.alsoOwn)
      return { scope: 'organization', organizationId, role };
    throw organizationAdminRequired();
  }

  function forUser(
    user: UserRecord,
    rule: Exclude<AccessRule, { scope: 'anyone' }>,
    params: Readonly<Record<string, string>>,
    operationId: string,
  ): AccessGrant | Promise<AccessGrant> {
    if (rule.scope === 'user') return { scope: 'user', user };
    if (rule.scope === 'organization') return inOrganization(user, rule, params.organization_id);
    if (rule.scope === 'appAssertion')
      throw accessDenied(
        'An app access token is issued for a JWT signed by a key of the app, not for a personal access token.',
        'an app JWT required',
      );
    return inSpace(user.id, rule, params.space_id, operationId);
  }

  /**
   * A scheduled action when it runs: the publish or unpublish of an entry or asset, decided for its creator as they
   * are now (a creator who left the space or lost the right is refused as their own request would be).
   */
  function forScheduledAction(
    creatorId: string,
    rule: Exclude<AccessRule, { scope: 'anyone' }>,
    params: Readonly<Record<string, string>>,
    operationId: string,
  ): Promise<AccessGrant> {
    const content = rule.scope === 'space' && (rule.subject === 'Entry' || rule.subject === 'Asset');
    if (!content || (rule.action !== 'publish' && rule.action !== 'unpublish'))
      throw accessDenied(
        `A scheduled action may not run ${operationId}.`,
        'scheduled actions publish and unpublish entries and assets only',
      );
    return inSpace(creatorId, rule, params.space_id, operationId);
  }

  return async function authorize(actor, operationId, params) {
    const rule = accessRuleOf(operationId);
    if (!rule)
      throw accessDenied(`The operation ${operationId} has no access rule.`, 'operation without an access rule');
    if (rule.scope === 'anyone') return { scope: 'anyone' };
    if (!actor) throw new AppError('AccessTokenInvalid');
    if (rule.action !== 'read' && !actor.canWrite) throw readOnlyToken();
    switch (actor.kind) {
      case 'user':
        return forUser(actor.user, rule, params, operationId);
      case 'scheduledAction':
        return forScheduledAction(actor.userId, rule, params, operationId);
      case 'appInstallation':
        return forAppInstallation(storage, actor, rule, params, operationId);
      case 'appAssertion':
        return forAppAssertion(storage, actor, rule, params);
      default:
        return unknownActorKind(actor);
    }
  };
}
