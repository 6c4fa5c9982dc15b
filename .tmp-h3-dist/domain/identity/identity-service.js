import { AppError, notFound } from "../../errors/index.js";
import { generateId } from "../../lib/ids.js";
import { hashToken, newPersonalAccessToken } from "../../lib/secrets.js";
/** Users, personal access tokens and organizations as the current user sees them. */
export function identityService(storage, now = () => new Date()) {
    const { identity } = storage.repos;
    return {
        /** Resolves a bearer token to its user; anything but an active, unexpired token is `AccessTokenInvalid`. */
        async authenticate(token) {
            if (!token) {
                throw new AppError('AccessTokenInvalid', 'An access token is required. Please send one through the HTTP Authorization header or as the query parameter "access_token".');
            }
            const owner = await identity.findTokenOwner(hashToken(token));
            const t = owner?.token;
            if (!owner || !t || t.revokedAt || (t.expiresAt && new Date(t.expiresAt) <= now()))
                throw new AppError('AccessTokenInvalid');
            return { user: owner.user, tokenId: t.id, canWrite: t.scopes.includes('content_management_manage') };
        },
        async createToken(actor, input) {
            const token = newPersonalAccessToken();
            const expiresAt = input.expiresIn ? new Date(now().getTime() + input.expiresIn * 1000).toISOString() : null;
            const record = await identity.insertToken({
                id: generateId(), userId: actor.user.id, name: input.name, scopes: [...new Set(input.scopes)], tokenHash: hashToken(token), expiresAt,
            });
            return { record, token };
        },
        listTokens: (actor, page) => identity.listTokens(actor.user.id, page),
        async getToken(actor, tokenId) {
            return (await identity.findToken(actor.user.id, tokenId)) ?? Promise.reject(notFound('PersonalAccessToken', tokenId));
        },
        async revokeToken(actor, tokenId) {
            return (await identity.revokeToken(actor.user.id, tokenId)) ?? Promise.reject(notFound('PersonalAccessToken', tokenId));
        },
        listOrganizations: (actor, page) => identity.listOrganizations(actor.user.id, page),
    };
}
