import { AppError, notFound } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import { hashToken, newPersonalAccessToken } from '../../lib/secrets.ts';
import type { AccessTokenRecord, PageRequest, Storage } from '../../storage/port/index.ts';
import type { UserGrant } from '../access/grant.ts';
import type { Actor } from '../shared/actor.ts';

/** Three base64url parts, the first a JSON object (`eyJ`): what an app's JWT looks like. */
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/;

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
    /**
     * Resolves a bearer token to its actor: a personal access token's user, or an app access token's installation.
     * A token of neither kind that has the shape of a JWT is an app's JWT, verified only if it asks for an app access
     * token (the authorizer). Anything else, revoked or expired, is `AccessTokenInvalid`.
     */
    async authenticate(token: string | undefined): Promise<Actor> {
      if (!token) {
        throw new AppError(
          'AccessTokenInvalid',
          'An access token is required. Please send one through the HTTP Authorization header or as the query parameter "access_token".',
        );
      }
      const tokenHash = hashToken(token);
      // App access tokens (and app JWTs) have a JWT's shape, personal ones never do: each kind costs one lookup.
      const jwtShaped = JWT_SHAPE.test(token);
      const app = jwtShaped ? await storage.repos.apps.findAccessToken(tokenHash) : undefined;
      if (app && new Date(app.expiresAt) > now())
        return {
          kind: 'appInstallation',
          spaceId: app.spaceId,
          environmentId: app.environmentId,
          appDefinitionId: app.appDefinitionId,
          canWrite: true,
        };
      const owner = app ? undefined : await identity.findTokenOwner(tokenHash);
      const t = owner?.token;
      if (owner && t) {
        if (t.revokedAt || (t.expiresAt && new Date(t.expiresAt) <= now())) throw new AppError('AccessTokenInvalid');
        return {
          kind: 'user',
          user: owner.user,
          tokenId: t.id,
          canWrite: t.scopes.includes('content_management_manage'),
        };
      }
      if (jwtShaped && !app) return { kind: 'appAssertion', jwt: token, canWrite: true };
      throw new AppError('AccessTokenInvalid');
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
