import { AppError, notFound } from '../../errors/index.ts';
import type { OrganizationRole, SpaceAccess, Storage } from '../../storage/port/index.ts';
import type { Actor } from '../shared/actor.ts';
import { checkMemberRule } from './member-rules.ts';
import { accessRuleOf, type AccessRule, type OrganizationRule } from './operation-table.ts';
import { ALL_RIGHTS, memberRights, type SpaceRights } from './space-rights.ts';

/** What the actor is in a space: an owner or admin of its organization, a space admin, or another member. */
export type SpaceStanding = 'owner' | 'admin' | 'spaceAdmin' | 'member';

/** The answer of the authorizer: the rule it applied and what the actor is where the operation acts. */
export type AccessGrant =
  | { readonly scope: 'anyone' | 'user'; readonly rule: AccessRule }
  | {
      readonly scope: 'organization';
      readonly rule: AccessRule;
      /** Undefined for operations without an organization in the path (the actor's own organizations). */
      readonly organizationId: string | undefined;
      readonly role: OrganizationRole | undefined;
      /** The actor may act on their own record only (`alsoOwn` rules for members without the owner or admin role). */
      readonly ownOnly: boolean;
    }
  | {
      readonly scope: 'space';
      readonly rule: AccessRule;
      readonly access: SpaceAccess;
      readonly standing: SpaceStanding;
      /** What the actor may do in the space; services decide on entries and assets with it (`entity-access.ts`). */
      readonly rights: SpaceRights;
    };

export type Authorize = (
  actor: Actor | undefined,
  operationId: string,
  params: Readonly<Record<string, string>>,
) => Promise<AccessGrant>;

const readOnlyToken = () =>
  new AppError('AccessDenied', 'This token has the content_management_read scope only.', {
    reasons: ['content_management_manage scope required'],
  });
const organizationAdminRequired = () =>
  new AppError('AccessDenied', 'Only organization owners and admins may do this.', {
    reasons: ['organization owner or admin role required'],
  });
const isOrganizationAdmin = (role: OrganizationRole | undefined) => role === 'owner' || role === 'admin';

export function standingOf(access: SpaceAccess): SpaceStanding {
  if (access.organizationRole) return access.organizationRole;
  return access.membership?.admin ? 'spaceAdmin' : 'member';
}

/**
 * The one place that decides whether an actor may run an operation, from the operation table and the path's
 * parameters. No access to the space or organization: 404 NotFound (existence is not revealed); access but not the
 * action: 403 AccessDenied with `details.reasons`; a read-only token never writes. Space access and a member's
 * roles come from the read cache (`spaces.findAccessible`, `memberRoles.rolesOf`), so a warm request costs no
 * database read here. Members without the admin flag get the compiled rights of their roles: permission areas are
 * decided here, entries and assets by the services on the entity (they carry `grant.rights`).
 */
export function authorizer(storage: Pick<Storage, 'repos'>): Authorize {
  const { spaces, identity, memberRoles } = storage.repos;

  async function inSpace(
    actor: Actor,
    rule: Extract<AccessRule, { scope: 'space' }>,
    spaceId: string | undefined,
    operationId: string,
  ): Promise<AccessGrant> {
    if (spaceId === undefined) throw new Error(`a space rule needs a space_id path parameter (${rule.subject})`);
    const access = await spaces.findAccessible(actor.user.id, spaceId);
    if (!access) throw notFound('Space', spaceId);
    const standing = standingOf(access);
    if (standing !== 'member') return { scope: 'space', rule, access, standing, rights: ALL_RIGHTS };
    const rights = memberRights(await memberRoles.rolesOf(spaceId, actor.user.id), actor.user.id);
    // `alsoOwn` (a member leaving the space): the grant's standing `member` tells the service to allow their own record only.
    if (!rights.all && !('alsoOwn' in rule && rule.alsoOwn)) checkMemberRule(rights, rule, operationId);
    return { scope: 'space', rule, access, standing, rights };
  }

  async function inOrganization(
    actor: Actor,
    rule: OrganizationRule,
    organizationId: string | undefined,
  ): Promise<AccessGrant> {
    const grant = (role: OrganizationRole | undefined, ownOnly = false) =>
      ({ scope: 'organization', rule, organizationId, role, ownOnly }) as const;
    if (organizationId === undefined && rule.action === 'read') return grant(undefined);
    const roles = await identity.organizationRoles(actor.user.id);
    if (organizationId === undefined) {
      if (!roles.some((r) => isOrganizationAdmin(r.role))) throw organizationAdminRequired();
      return grant(undefined);
    }
    const role = roles.find((r) => r.organizationId === organizationId)?.role;
    if (!role) throw notFound('Organization', organizationId);
    if (rule.action === 'read' || isOrganizationAdmin(role)) return grant(role);
    if (rule.alsoOwn) return grant(role, true);
    throw organizationAdminRequired();
  }

  return async function authorize(actor, operationId, params) {
    const rule = accessRuleOf(operationId);
    if (!rule)
      throw new AppError('AccessDenied', `The operation ${operationId} has no access rule.`, {
        reasons: ['operation without an access rule'],
      });
    if (rule.scope === 'anyone') return { scope: 'anyone', rule };
    if (!actor) throw new AppError('AccessTokenInvalid');
    if (rule.action !== 'read' && !actor.canWrite) throw readOnlyToken();
    if (rule.scope === 'user') return { scope: 'user', rule };
    if (rule.scope === 'organization') return inOrganization(actor, rule, params.organization_id);
    return inSpace(actor, rule, params.space_id, operationId);
  };
}

/** The rights a space operation's grant carries, for the services' entity-level decisions. */
export function rightsOf(grant: AccessGrant): SpaceRights {
  if (grant.scope !== 'space') throw new Error(`a ${grant.scope} grant carries no space rights`);
  return grant.rights;
}
