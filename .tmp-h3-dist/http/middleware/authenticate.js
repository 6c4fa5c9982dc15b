import { AppError } from "../../errors/index.js";
const READ_METHODS = new Set(['GET', 'HEAD']);
/** The bearer token from `Authorization: Bearer …` or `?access_token=…`. */
export function bearerToken(authorization, query) {
    const match = authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match)
        return match[1];
    const fromQuery = query?.access_token;
    return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : undefined;
}
/** Resolves the personal access token; read-only tokens may only read. */
export const authenticate = (identity) => async (req, _res, next) => {
    try {
        const actor = await identity.authenticate(bearerToken(req.headers.authorization, req.query));
        if (!actor.canWrite && !READ_METHODS.has(req.method)) {
            throw new AppError('AccessDenied', 'This token has the content_management_read scope only.', { reasons: ['content_management_manage scope required'] });
        }
        req.actor = actor;
        next();
    }
    catch (error) {
        next(error);
    }
};
