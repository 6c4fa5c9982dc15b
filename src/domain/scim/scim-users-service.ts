import { AppError, notFound, ScimError } from '../../errors/index.ts';
import type { OrganizationMembershipRecord, Storage } from '../../storage/port/index.ts';
import type { InvitationsService } from '../members/invitations-service.ts';
import type { OrganizationMembershipsService } from '../members/organization-memberships-service.ts';
import type { OrganizationGrant } from '../access/grant.ts';
import type { Actor } from '../shared/actor.ts';
import { checkUserPatch } from './scim-patch.ts';
import { scimUserAttributes } from './scim-user.ts';
import { eqFilterValue } from './scim-eq-filter.ts';

/** At most this many users a page (`filter.maxResults` of the service provider configuration). */
export const SCIM_MAX_RESULTS = 100;

export interface ScimListRequest {
  filter?: string;
  startIndex?: number;
  count?: number;
}
export interface ScimUserInput {
  userName: string;
  name?: { givenName?: string | null; familyName?: string | null };
}
export interface ScimUserPage {
  items: OrganizationMembershipRecord[];
  total: number;
  startIndex: number;
}

const isTaken = (error: unknown) =>
  error instanceof AppError &&
  error.id === 'ValidationFailed' &&
  (error.details as { errors?: Array<{ name?: string }> } | undefined)?.errors?.[0]?.name === 'taken';

/**
 * SCIM users are the people with a membership (pending or active) of an organization, by their user id. Creating
 * one is an invitation with role `member` and deleting one removes the organization membership, both through the
 * members services (their rules: owners and admins only, the last owner stays). No attribute is mutable.
 */
export function scimUsersService(
  storage: Storage,
  invitations: InvitationsService,
  memberships: OrganizationMembershipsService,
) {
  async function membershipOf(organizationId: string, userId: string): Promise<OrganizationMembershipRecord> {
    return (
      (await storage.repos.members.findMembershipOfUser(organizationId, userId)) ??
      Promise.reject(new AppError('NotFound', `Resource ${userId} not found`, { type: 'User', id: userId }))
    );
  }

  return {
    async list(organizationId: string, request: ScimListRequest): Promise<ScimUserPage> {
      const email = request.filter === undefined ? undefined : await eqFilterValue(request.filter, 'userName');
      const startIndex = Math.max(1, request.startIndex ?? 1);
      const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, request.count ?? SCIM_MAX_RESULTS));
      const { items, total } = await storage.repos.members.pageMemberships(organizationId, {
        skip: startIndex - 1,
        limit: count,
        order: [{ key: 'createdAt', direction: 'asc' }],
        where: email === undefined ? [] : [{ key: 'email', valueType: 'symbol', op: 'eq', value: email }],
      });
      return { items, total, startIndex };
    },

    async get(organizationId: string, userId: string): Promise<OrganizationMembershipRecord> {
      return membershipOf(organizationId, userId);
    },

    /** Invites `userName` as a `member`; an email already a member or invited is 409 uniqueness. */
    async create(actor: Actor, grant: OrganizationGrant, input: ScimUserInput): Promise<OrganizationMembershipRecord> {
      const { organizationId } = grant;
      try {
        const { invitation } = await invitations.create(actor, grant, {
          email: input.userName,
          firstName: input.name?.givenName ?? null,
          lastName: input.name?.familyName ?? null,
          role: 'member',
        });
        return (
          (await storage.repos.members.findMembership(organizationId, invitation.membershipId)) ??
          Promise.reject(notFound('OrganizationMembership', invitation.membershipId))
        );
      } catch (error) {
        if (isTaken(error))
          throw new ScimError('uniqueness', `User ${input.userName} already exists in the organization`);
        throw error;
      }
    },

    /** PUT: no attribute is mutable through SCIM (reference §7), so the user is answered unchanged. */
    async replace(organizationId: string, userId: string): Promise<OrganizationMembershipRecord> {
      return membershipOf(organizationId, userId);
    },

    /** PATCH: the PatchOp is checked against the User schema, then the user answered unchanged. */
    async patch(organizationId: string, userId: string, body: unknown): Promise<OrganizationMembershipRecord> {
      const membership = await membershipOf(organizationId, userId);
      await checkUserPatch(body, scimUserAttributes(membership));
      return membership;
    },

    /** Removes the person from the organization (and so from its spaces); the account stays. */
    async delete(actor: Actor, grant: OrganizationGrant, userId: string): Promise<void> {
      const membership = await membershipOf(grant.organizationId, userId);
      await memberships.delete(actor, grant, membership.id);
    },
  };
}

export type ScimUsersService = ReturnType<typeof scimUsersService>;
