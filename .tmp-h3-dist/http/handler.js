import { AppError } from "../errors/index.js";
export const ok = (body) => ({ status: 200, body });
export const created = (body, location) => ({ status: 201, body, headers: location ? { Location: location } : undefined });
export const noContent = () => ({ status: 204 });
/** Parses the version header strictly: it must be a non-negative integer when present. */
export function parseVersion(raw, headerName) {
    if (raw === undefined || raw === '')
        return undefined;
    if (!/^\d+$/.test(raw))
        throw new AppError('BadRequest', `The ${headerName} header must be a non-negative integer, got "${raw}".`);
    return Number(raw);
}
