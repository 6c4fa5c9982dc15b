import { actorLinkOf } from '../../domain/shared/actor.ts';

/** `{sys:{type:'Link', linkType, id}}`, the shape of every reference on the wire. */
export const link = <T extends string>(linkType: T, id: string) => ({ sys: { type: 'Link' as const, linkType, id } });

/** The author of a record: a user, or an app definition for what an app wrote (`actorLinkOf`). */
export function userLink(id: string | null | undefined) {
  if (!id) return undefined;
  const author = actorLinkOf(id);
  return link(author.linkType, author.id);
}
