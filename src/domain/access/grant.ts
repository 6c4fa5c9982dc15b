import type {
  AppInstallationRecord,
  OrganizationRole,
  OrganizationRoleOf,
  SpaceRecord,
  UserRecord,
} from '../../storage/port/index.ts';
import type { SpaceRights } from './space-rights.ts';

/**
 * What the actor is in a space: an owner or admin of its organization, a space admin, another member, or an app
 * installed in one of its environments.
 */
export type SpaceStanding = 'owner' | 'admin' | 'spaceAdmin' | 'member' | 'app';

/** An operation whose path carries its own secret (an invitation URL): no actor. */
export interface AnyoneGrant {
  readonly scope: 'anyone';
}

/** The actor's own account: their tokens, their spaces and organizations (`user` rules, organization lists). */
export interface UserGrant {
  readonly scope: 'user';
  readonly user: UserRecord;
}

/** An operation on the organization of the path, with the actor's role in it. */
export interface OrganizationGrant {
  readonly scope: 'organization';
  readonly organizationId: string;
  readonly role: OrganizationRole;
}

/** A change without an organization in the path (a new space): the actor's role in each of their organizations. */
export interface OrganizationsGrant {
  readonly scope: 'organizations';
  readonly roles: readonly OrganizationRoleOf[];
}

/** An operation in the space of the path. */
export interface SpaceGrant {
  readonly scope: 'space';
  /** The space as the authorizer read it (from the read cache): its organization and version. */
  readonly space: SpaceRecord;
  readonly standing: SpaceStanding;
  /** What the actor may do in the space; services decide on entries and assets with it (`entity-access.ts`). */
  readonly rights: SpaceRights;
}

/** An app proved who it is with a JWT signed by one of its keys, for its installation of the path. */
export interface AppAssertionGrant {
  readonly scope: 'appAssertion';
  readonly installation: AppInstallationRecord;
}

/** The answer of the authorizer: what the actor is where the operation acts. Services take the part they need. */
export type AccessGrant =
  AnyoneGrant | UserGrant | OrganizationGrant | OrganizationsGrant | SpaceGrant | AppAssertionGrant;

/** The grant of an operation of `scope` (the operation table fixes it per operation; anything else is a bug). */
export function grantOf<S extends AccessGrant['scope']>(
  grant: AccessGrant,
  scope: S,
): Extract<AccessGrant, { scope: S }> {
  if (grant.scope !== scope) throw new Error(`a ${scope} operation was granted as ${grant.scope}`);
  return grant as Extract<AccessGrant, { scope: S }>;
}

/** The rights a space operation's grant carries, for the services' entity-level decisions. */
export const rightsOf = (grant: AccessGrant): SpaceRights => grantOf(grant, 'space').rights;
