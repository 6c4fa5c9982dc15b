import { AppError, notFound } from '../../errors/index.ts';
import type { OrganizationRole } from '../../storage/port/index.ts';
import { unknownActorKind, type Actor } from '../shared/actor.ts';
import { accessDenied } from './access-denied.ts';
import type { OrganizationGrant, OrganizationsGrant, SpaceGrant } from './grant.ts';

/**
 * Record-level rules: what the operation table cannot say because it depends on the record acted on. Each is a pure
 * function of the request's grant (and the record the service has read anyway); services call them and decide
 * nothing themselves.
 */

export const isOrganizationManager = (role: OrganizationRole): boolean => role === 'owner' || role === 'admin';

/** Whether a record of `userId` (a membership) is the actor's own. */
function isOwn(actor: Actor, userId: string): boolean {
  switch (actor.kind) {
    case 'user':
      return actor.user.id === userId;
    case 'scheduledAction':
    case 'appInstallation':
    case 'appAssertion':
      return false; // they act on content only, never on a membership
    default:
      return unknownActorKind(actor);
  }
}

/** Only an owner may make, change or remove an owner (`roles`: the membership's role before and after). */
export function requireOwnerFor(grant: OrganizationGrant, ...roles: OrganizationRole[]): void {
  if (grant.role !== 'owner' && roles.includes('owner'))
    throw accessDenied(
      'Only organization owners may grant or take the owner role.',
      'organization owner role required',
    );
}

/** Anyone may leave an organization; owners and admins remove others, and only owners remove an owner. */
export function requireRemovable(
  grant: OrganizationGrant,
  actor: Actor,
  membership: { userId: string; role: OrganizationRole },
): void {
  if (isOwn(actor, membership.userId)) return;
  if (!isOrganizationManager(grant.role))
    throw accessDenied(
      'Only organization owners and admins may remove other members.',
      'organization owner or admin role required',
    );
  requireOwnerFor(grant, membership.role);
}

/**
 * A member without the admin flag removes only their own space membership (`SpaceMemberships_delete` is `alsoOwn`);
 * `membership`: the one named by the path, undefined when there is none.
 */
export function requireRemovableSpaceMembership(
  grant: SpaceGrant,
  actor: Actor,
  membership: { userId: string } | undefined,
): void {
  if (grant.standing !== 'member' || (membership && isOwn(actor, membership.userId))) return;
  throw accessDenied(
    'Only space admins and organization owners and admins may remove another member from the space.',
    'admin role required',
  );
}

const spaceCreationDenied = () =>
  accessDenied('Only organization owners and admins can create spaces.', 'organization owner or admin role required');

/**
 * The organization a new space goes to: the one `requested` (the vendor's Organization header), which the actor must
 * own or administer (not a member: 404); without one, the only organization they own or administer.
 */
export function newSpaceOrganization(grant: OrganizationsGrant, requested: string | undefined): string {
  const creatable = grant.roles.filter((r) => isOrganizationManager(r.role)).map((r) => r.organizationId);
  if (requested !== undefined) {
    if (!grant.roles.some((r) => r.organizationId === requested)) throw notFound('Organization', requested);
    if (!creatable.includes(requested)) throw spaceCreationDenied();
    return requested;
  }
  if (creatable.length === 1) return creatable[0];
  if (creatable.length === 0) throw spaceCreationDenied();
  throw new AppError('MissingOrganizationParameter');
}

/**
 * Who may accept an invitation for an account that has tokens already: that account itself, with a token that may
 * write (an invitation must not hand out access to somebody else's account). Anyone may accept for a new account.
 */
export function requireInvitationClaimant(claimant: Actor | undefined, userId: string): void {
  if (claimant && isOwn(claimant, userId) && claimant.canWrite) return;
  throw new AppError(
    'AccessTokenInvalid',
    'This invitation is for an existing account: send one of its access tokens with the content_management_manage scope (Authorization: Bearer) to accept it.',
  );
}
