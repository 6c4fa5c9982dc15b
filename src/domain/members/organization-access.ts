import { AppError, notFound } from '../../errors/index.ts';
import type { OrganizationRole, Storage } from '../../storage/port/index.ts';
import type { Actor } from '../shared/actor.ts';

export const MANAGERS: readonly OrganizationRole[] = ['owner', 'admin'];

/** The actor's role in an organization they are an active member of; any other organization is NotFound (existence is not revealed). */
export async function organizationRole(
  storage: Storage,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRole> {
  const roles = await storage.repos.identity.organizationRoles(actor.user.id);
  const found = roles.find((r) => r.organizationId === organizationId);
  if (!found) throw notFound('Organization', organizationId);
  return found.role;
}

export const denied = (message: string, reason: string) => new AppError('AccessDenied', message, { reasons: [reason] });

/** Owners and admins manage an organization's members; others get 403 AccessDenied. */
export async function requireManager(
  storage: Storage,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRole> {
  const role = await organizationRole(storage, actor, organizationId);
  if (!MANAGERS.includes(role))
    throw denied('Only organization owners and admins may do this.', 'organization owner or admin role required');
  return role;
}

/** Only an owner may make, change or remove an owner. */
export function requireOwnerFor(actorRole: OrganizationRole, ...roles: OrganizationRole[]): void {
  if (actorRole !== 'owner' && roles.includes('owner'))
    throw denied('Only organization owners may grant or take the owner role.', 'organization owner role required');
}

/** The last active owner of an organization can neither go nor be demoted: 422 ActionPreconditionsFailed. */
export const lastOwner = (membershipId: string) =>
  new AppError(
    'ActionPreconditionsFailed',
    'The last owner of an organization cannot be removed or demoted. Make another member an owner first.',
    {
      errors: [{ name: 'lastOwner', path: ['role'], details: 'The organization must keep at least one owner.' }],
      type: 'OrganizationMembership',
      id: membershipId,
    },
  );
