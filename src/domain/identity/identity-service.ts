import { AppError, notFound } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import { hashToken, newPersonalAccessToken } from '../../lib/secrets.ts';
import type { AccessTokenRecord, PageRequest, Storage } from '../../storage/port/index.ts';
import type { UserGrant } from '../access/grant.ts';
import type { Actor } from '../shared/actor.ts';

export type TokenScope = 'content_management_read' | 'content_management_manage';
export interface NewTokenInput {
  name: string;
  scopes: TokenScope[];
  expiresIn?: number | null;
}

/**
 * Users, personal access tokens and organizations as the current user sees them: the user of the grant (the
 * authorizer answers a `user` grant only to an actor that acts as a user).
 */
export function identityService(storage: Storage, now: () => Date = () => new Date()) {
  const { identity } = storage.repos;
  return {
    /** Resolves a bearer token to its user; anything but an active, unexpired token is `AccessTokenInvalid`. */
    async authenticate(token: string | undefined): Promise<Actor> {
      if (!token) {
        throw new AppError(
          'AccessTokenInvalid',
          'An access token is required. Please send one through the HTTP Authorization header or as the query parameter "access_token".',
        );
      }
      const owner = await identity.findTokenOwner(hashToken(token));
      const t = owner?.token;
      if (!owner || !t || t.revokedAt || (t.expiresAt && new Date(t.expiresAt) <= now()))
        throw new AppError('AccessTokenInvalid');
      return {
        kind: 'user',
        user: owner.user,
        tokenId: t.id,
        canWrite: t.scopes.includes('content_management_manage'),
      };
    },

    async createToken(
      { user }: UserGrant,
      input: NewTokenInput,
    ): Promise<{ record: AccessTokenRecord; token: string }> {
      const token = newPersonalAccessToken();
      const expiresAt = input.expiresIn ? new Date(now().getTime() + input.expiresIn * 1000).toISOString() : null;
      const record = await identity.insertToken({
        id: generateId(),
        userId: user.id,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        tokenHash: hashToken(token),
        expiresAt,
      });
      return { record, token };
    },

    listTokens: ({ user }: UserGrant, page: PageRequest<'createdAt' | 'updatedAt' | 'name' | 'id'>) =>
      identity.listTokens(user.id, page),

    async getToken({ user }: UserGrant, tokenId: string) {
      return (await identity.findToken(user.id, tokenId)) ?? Promise.reject(notFound('PersonalAccessToken', tokenId));
    },

    async revokeToken({ user }: UserGrant, tokenId: string) {
      return (await identity.revokeToken(user.id, tokenId)) ?? Promise.reject(notFound('PersonalAccessToken', tokenId));
    },

    listOrganizations: ({ user }: UserGrant, page: PageRequest<'createdAt' | 'updatedAt' | 'name' | 'id'>) =>
      identity.listOrganizations(user.id, page),
  };
}

export type IdentityService = ReturnType<typeof identityService>;
