import { randomBytes } from 'node:crypto';
import { AppError, notFound, validationFailed } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import { hashToken, newPersonalAccessToken } from '../../lib/secrets.ts';
import type {
  AccessTokenRecord,
  InvitationRecord,
  OrganizationRole,
  Repositories,
  Storage,
} from '../../storage/port/index.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import type { OrganizationGrant } from '../access/grant.ts';
import { requireInvitationClaimant, requireOwnerFor } from '../access/record-rules.ts';

export interface InvitationInput {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: OrganizationRole;
}
export interface AcceptInput {
  firstName?: string | null;
  lastName?: string | null;
}
export interface InvitationsOptions {
  /** This server's public base URL (`TESSERA_PUBLIC_URL`, else its own address): invitation URLs are absolute. */
  publicBase: () => string;
}

/** The path an invitation's secret is accepted at (the `InvitationAcceptance_accept` operation). */
export const invitationPath = (secret: string) => `/invitations/${secret}`;

/**
 * Invitations: owners and admins invite an email into their organization (a pending membership of the account with
 * that email, made if there is none, and an open invitation whose URL carries a 256-bit secret stored only as its
 * hash). POSTing to the URL joins: the membership becomes active and the account gets a personal access token. An
 * account that already has tokens joins only with one of its own tokens, so an invitation cannot hand out access to
 * somebody else's account.
 */
export function invitationsService(storage: Storage, options: InvitationsOptions) {
  async function invite(
    repos: Repositories,
    actor: Actor,
    organizationId: string,
    input: InvitationInput,
    secret: string,
  ): Promise<InvitationRecord> {
    if (!(await repos.members.lockOrganization(organizationId))) throw notFound('Organization', organizationId);
    const email = input.email.trim();
    const existing = await repos.members.findUserByEmail(email);
    if (existing && (await repos.members.findMembershipOfUser(organizationId, existing.id))) {
      throw validationFailed([
        {
          name: 'taken',
          path: ['email'],
          value: email,
          details: 'This email belongs to a member of the organization already (active or invited).',
        },
      ]);
    }
    const user =
      existing ??
      (await repos.members.findOrInsertUser({
        id: generateId(),
        email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
      }));
    const membershipId = generateId();
    const role = input.role ?? 'member';
    await repos.members.insertMembership({
      id: membershipId,
      organizationId,
      userId: user.id,
      role,
      createdBy: actorId(actor),
    });
    return repos.members.insertInvitation({
      id: generateId(),
      organizationId,
      membershipId,
      email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      role,
      tokenHash: hashToken(secret),
      createdBy: actorId(actor),
    });
  }

  return {
    /** The invitation and its URL, which holds the secret and is never shown again. */
    async create(
      actor: Actor,
      grant: OrganizationGrant,
      input: InvitationInput,
    ): Promise<{ invitation: InvitationRecord; url: string }> {
      const { organizationId } = grant;
      requireOwnerFor(grant, input.role ?? 'member');
      const secret = randomBytes(32).toString('base64url');
      const invitation = await storage.transaction((repos) => invite(repos, actor, organizationId, input, secret));
      return { invitation, url: `${options.publicBase().replace(/\/+$/, '')}${invitationPath(secret)}` };
    },

    async get(organizationId: string, invitationId: string): Promise<InvitationRecord> {
      return (
        (await storage.repos.members.findInvitation(organizationId, invitationId)) ??
        Promise.reject(notFound('Invitation', invitationId))
      );
    },

    /**
     * Joins with the invitation whose URL holds `secret`. `claimant`: the account of the access token sent with the
     * request, if any (needed when the invited account has tokens already).
     */
    async accept(
      secret: string,
      input: AcceptInput,
      claimant: Actor | undefined,
    ): Promise<{ record: AccessTokenRecord; token: string }> {
      return storage.transaction(async (repos) => {
        const invitation = await repos.members.lockOpenInvitation(hashToken(secret));
        if (!invitation)
          throw new AppError('NotFound', 'This invitation does not exist, was used already or was withdrawn.', {
            type: 'Invitation',
          });
        const membership = (await repos.members.findMembership(invitation.organizationId, invitation.membershipId))!;
        if (await repos.members.hasTokens(membership.userId)) {
          requireInvitationClaimant(claimant, membership.userId);
        } else if (input.firstName !== undefined || input.lastName !== undefined) {
          await repos.members.renameUser(
            membership.userId,
            input.firstName ?? membership.user.firstName,
            input.lastName ?? membership.user.lastName,
          );
        }
        await repos.members.activate(membership.id);
        await repos.members.markAccepted(invitation.id, membership.userId);
        const token = newPersonalAccessToken();
        const record = await repos.identity.insertToken({
          id: generateId(),
          userId: membership.userId,
          name: 'Invitation',
          scopes: ['content_management_manage'],
          tokenHash: hashToken(token),
          expiresAt: null,
        });
        return { record, token };
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof invitationsService>;
