import { grantOf } from '../../domain/access/grant.ts';
import type { Services } from '../../domain/index.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { created, ok, type HandlerMap, type PublicHandler } from '../handler.ts';
import { presentInvitation } from '../presenters/members.presenter.ts';
import { presentToken } from '../presenters/users.presenter.ts';

export function invitationsHandlers({ invitations, identity }: Services) {
  /** Public (no token needed); a token, when sent, names the existing account the invitation is for. */
  const accept: PublicHandler<'InvitationAcceptance_accept'> = async (req) => {
    const sent = bearerToken(req.headers.authorization, undefined);
    const claimant = sent === undefined ? undefined : await identity.authenticate(sent);
    const { record, token } = await invitations.accept(req.params.invitation_token, req.body ?? {}, claimant);
    return created(presentToken(record, token));
  };

  return {
    Invitations_create: async (req) => {
      const { invitation, url } = await invitations.create(req.actor, grantOf(req.grant, 'organization'), req.body);
      return created(
        presentInvitation(invitation, url),
        `${req.baseUrl}/organizations/${invitation.organizationId}/invitations/${invitation.id}`,
      );
    },

    Invitations_get: async (req) =>
      ok(presentInvitation(await invitations.get(req.params.organization_id, req.params.invitation_id))),

    InvitationAcceptance_accept: accept,
  } satisfies Partial<HandlerMap>;
}
